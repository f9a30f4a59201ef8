import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../shell/test-providers.tsx';
import { takeRedirectLocation } from './auth-storage.ts';
import { navigateAway } from './browser-navigation.ts';
import { OidcSignInButtons } from './oidc-sign-in-buttons.tsx';

const answer = vi.hoisted(() => ({ current: {} as object }));
vi.mock('../../api/client.ts', () => ({ apiFetch: vi.fn(async () => answer.current) }));
vi.mock('./browser-navigation.ts', () => ({ navigateAway: vi.fn() }));

const PARTNER = { label: 'Sign in with Acme CRM', url: '/api/authn/oidc/partner/acme/auth' };

beforeEach(() => {
  vi.mocked(navigateAway).mockClear();
  localStorage.clear();
  window.location.hash = '';
});
afterEach(cleanup);

describe('OidcSignInButtons on the login page', () => {
  it("shows the partner CRM button on a partner's host, beside Google", async () => {
    answer.current = { google: true, partner: PARTNER };
    renderAt('/login', '/login', <OidcSignInButtons redirect={null} />);
    expect(await screen.findByRole('button', { name: 'Sign in with Acme CRM' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
  });

  it('saves the location and hash in local storage, then navigates to the partner sign-in', async () => {
    answer.current = { google: false, partner: PARTNER };
    window.location.hash = '#files';
    renderAt('/login', '/login', <OidcSignInButtons redirect="/c/5/documents" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Acme CRM' }));
    expect(navigateAway).toHaveBeenCalledWith(
      `${PARTNER.url}?redirect=${encodeURIComponent('/c/5/documents')}`,
    );
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(takeRedirectLocation()).toBe('/c/5/documents#files');
  });

  it('shows no partner button elsewhere, and none that would leave for another site', async () => {
    answer.current = { google: true, partner: { label: 'Evil', url: 'https://evil.example/auth' } };
    renderAt('/login', '/login', <OidcSignInButtons redirect={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(navigateAway).toHaveBeenCalledWith('/api/authn/oidc/accounts.google.com/auth');
    expect(screen.queryByRole('button', { name: 'Evil' })).toBeNull();
  });

  it('shows nothing when the server offers no issuer', async () => {
    answer.current = { google: false };
    renderAt('/login', '/login', <OidcSignInButtons redirect={null} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
