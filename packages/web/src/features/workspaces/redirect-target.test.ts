import { describe, expect, it } from 'vitest';
import { matchesWorkspace, workspaceTarget } from './redirect-target.ts';

describe('workspaceTarget', () => {
  it("opens the workspace's home without a redirect", () => {
    expect(workspaceTarget(5, null)).toBe('/c/5/home');
  });

  it('follows the redirect with the chosen company in place of 0', () => {
    expect(workspaceTarget(5, '/c/0/workflows?tab=open')).toBe('/c/5/workflows?tab=open');
    expect(workspaceTarget(5, '/c/0/settings/profile')).toBe('/c/5/settings/profile');
  });

  it('ignores redirects outside the app or back to the workspaces page', () => {
    expect(workspaceTarget(5, 'https://evil.example/c/0/home')).toBe('/c/5/home');
    expect(workspaceTarget(5, '//evil.example')).toBe('/c/5/home');
    expect(workspaceTarget(5, '/c/0/company-select')).toBe('/c/5/home');
    expect(workspaceTarget(5, '/c/0')).toBe('/c/5/home');
  });
});

describe('matchesWorkspace', () => {
  it('matches any name, ignoring case and blank queries', () => {
    expect(matchesWorkspace('acme', ['Acme, Inc.', null])).toBe(true);
    expect(matchesWorkspace('  ', ['x'])).toBe(true);
    expect(matchesWorkspace('zeta', ['Acme, Inc.', 'Acme'])).toBe(false);
  });
});
