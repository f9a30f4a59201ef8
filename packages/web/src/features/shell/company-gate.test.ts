import { describe, expect, it } from 'vitest';
import { companyPage, companySelectRedirect, isAskingForCompany, parseCompanyId } from './company-gate.ts';

describe('companySelectRedirect', () => {
  it('lets every page through once a company is chosen', () => {
    expect(companySelectRedirect(12, '/c/12/workflows')).toBeNull();
  });

  it.each(['teams', 'user-settings', 'dashboard', 'investments', 'lp-portal', 'company-select'])(
    'lets /c/0/%s through without a company',
    (page) => {
      expect(companySelectRedirect(0, `/c/0/${page}`)).toBeNull();
      expect(companySelectRedirect(0, `/c/0/${page}/sub`)).toBeNull();
    },
  );

  it('sends other /c/0 pages to the workspaces page, remembering where they were going', () => {
    expect(companySelectRedirect(0, '/c/0/workflows', '?tab=open')).toBe(
      `/c/0/company-select?redirect=${encodeURIComponent('/c/0/workflows?tab=open')}`,
    );
    expect(companySelectRedirect(0, '/c/0/settings/profile')).toBe(
      '/c/0/company-select?redirect=%2Fc%2F0%2Fsettings%2Fprofile',
    );
  });

  it('sends the bare /c/0 to the workspaces page without a redirect', () => {
    expect(companySelectRedirect(0, '/c/0')).toBe('/c/0/company-select');
    expect(companySelectRedirect(0, '/c/0/')).toBe('/c/0/company-select');
  });
});

describe('helpers', () => {
  it('reads the company page and id', () => {
    expect(companyPage('/c/3/rooms/9')).toBe('rooms');
    expect(parseCompanyId('42')).toBe(42);
    expect(parseCompanyId('abc')).toBeNull();
    expect(parseCompanyId(undefined)).toBeNull();
  });

  it('asks for a company only on the workspaces page reached with ?redirect=', () => {
    expect(isAskingForCompany('/c/0/company-select', '?redirect=%2Fc%2F0%2Fhome')).toBe(true);
    expect(isAskingForCompany('/c/0/company-select', '')).toBe(false);
    expect(isAskingForCompany('/c/0/teams', '?redirect=x')).toBe(false);
  });
});
