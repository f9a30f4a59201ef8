import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { Session } from '../../app/session-types.ts';
import { AppShell } from './app-shell.tsx';
import { fakeSession, renderAt } from './test-providers.tsx';
import type { AccountMe } from './types.ts';

// The whole shell renders here (top bar, menus, sidebar) and several steps wait on a fetch then a navigation:
// on a loaded 2-core machine that chain takes more than Testing Library's 1 s default, so the ceiling is
// raised. It is only a ceiling: each wait ends as soon as its expectation holds.
configure({ asyncUtilTimeout: 5000 });

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
const push = vi.hoisted(() => vi.fn());
let session: Session;
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/session.tsx', () => ({ useSession: () => session }));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }) }));

function accountMe(
  overrides: Partial<AccountMe['account']> = {},
  abilities: Partial<AccountMe['abilities']> = {},
) {
  return {
    account: {
      id: 5,
      name: 'Acme, Inc.',
      company_name: 'Acme, Inc.',
      role_id: 1,
      hide_powered_by: false,
      ...overrides,
    },
    user: { id: 1, first_name: 'Ada' },
    abilities: { manage_settings: true, filecabinet: true, rooms: false, reports: true, ...abilities },
  };
}

/** What the bell reads in every test: no review waiting, no notices kept. */
const BELL: Record<string, unknown> = {
  '/api/user/takeover': { items: [] },
  '/api/account/notice?limit=20': { notices: [], unread: 0 },
};

function respond(routes: Record<string, unknown>) {
  api.apiFetch.mockImplementation(async (path: string) => {
    const answer = routes[path] ?? BELL[path];
    if (answer instanceof Error) throw answer;
    return answer ?? [];
  });
}

const renderShell = (url: string) =>
  renderAt(url, '/c/:companyId', <AppShell />, <Route path="*" element={<p>company page</p>} />);
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  session = fakeSession({ currentAccountId: 5 });
  push.mockReset();
});
afterEach(cleanup);

describe('AppShell', () => {
  it('shows no Teams entry to someone outside every partner team', async () => {
    respond({});
    renderShell('/c/0/user-settings');
    expect(await screen.findByRole('link', { name: 'Workspaces' })).toBeTruthy();
    await waitFor(() =>
      expect(api.apiFetch).toHaveBeenCalledWith('/api/user/team?members=0&packages=0&accounts=0'),
    );
    expect(screen.queryByRole('link', { name: 'Teams' })).toBeNull();
  });

  it('sends /c/0 pages that need a company to the workspaces page with a redirect', async () => {
    respond({});
    renderShell('/c/0/workflows');
    await waitFor(() => expect(location()).toBe('/c/0/company-select?redirect=%2Fc%2F0%2Fworkflows'));
  });

  it('shows the workspace entries on /c/0 and keeps the logo disabled', async () => {
    // A partner member: Teams shows (spec 1 §6).
    respond({ '/api/user/team?members=0&packages=0&accounts=0': [{ id: 1, name: 'Northwind' }] });
    renderShell('/c/0/teams');
    expect(await screen.findByText('company page')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Teams' })).toBeTruthy();
    for (const label of ['Workspaces', 'Teams', 'Dashboard', 'User Profile']) {
      expect(screen.getByRole('link', { name: label })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Charter home' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('note', { name: 'Powered By Charter' })).toBeTruthy();
  });

  it('loads the workspace and shows its entries by role and abilities', async () => {
    respond({ '/api/account/me': accountMe({ role_id: 3, hide_powered_by: true }, { rooms: true }) });
    renderShell('/c/5/home');
    expect(await screen.findByText('company page')).toBeTruthy();
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('aria-label'));
    expect(links).toEqual(expect.arrayContaining(['Home', 'Workflows', 'Tasks', 'Rooms', 'Documents']));
    expect(links).not.toContain('Reports');
    expect(links).not.toContain('Account');
    expect(screen.queryByRole('note', { name: 'Powered By Charter' })).toBeNull();
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/me', { auth: 'account', accountId: 5 });
    expect(session.accessTokenFor).toHaveBeenCalledWith(5);
  });

  it('starts collapsed on a narrow window and lets the user expand the menu', async () => {
    respond({});
    renderShell('/c/0/teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Expand Menu' }));
    expect(screen.getByRole('button', { name: 'Collapse Menu' })).toBeTruthy();
  });

  it('warns and leaves a workspace the user may not open', async () => {
    respond({ '/api/account/me': new ApiError(403, { code: 'FORBIDDEN', message: 'Forbidden' }) });
    renderShell('/c/9/home');
    await waitFor(() => expect(location()).toBe('/c/0/company-select'));
    expect(push).toHaveBeenCalledWith({
      type: 'warning',
      message: 'To access that page you must be an admin of its parent Workspace.',
    });
  });

  it('makes a workspace opened by its URL the current one', async () => {
    respond({ '/api/account/me': accountMe({ id: 8 }) });
    renderShell('/c/8/home');
    await waitFor(() => expect(session.switchAccount).toHaveBeenCalledWith(8));
  });

  it('shows the impersonation notice and locks the workspace menu', async () => {
    session = fakeSession({ currentAccountId: 5, impersonatorId: 77 });
    respond({ '/api/account/me': accountMe() });
    renderShell('/c/5/home');
    expect(await screen.findByText(/You are currently accessing this account as Ada Lovelace/)).toBeTruthy();
    const menu = await screen.findByRole('button', { name: 'Workspace: Acme, Inc.' });
    expect(menu.getAttribute('aria-disabled')).toBe('true');
    expect(session.switchAccount).not.toHaveBeenCalled();
  });

  it('asks an unverified user to verify their account, except in a data room', async () => {
    session = fakeSession({ currentAccountId: 5 }, { email_verified: false });
    respond({ '/api/account/me': accountMe() });
    renderShell('/c/5/home');
    const banner = await screen.findByRole('status', { name: 'Verify your account' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Verify your account' }));
    await waitFor(() => expect(location()).toBe('/register/confirm-email'));
    expect(api.apiFetch).toHaveBeenCalledWith('/api/user/confirm/code/resend', { method: 'POST' });
    cleanup();
    renderShell('/c/5/rooms/12');
    expect(await screen.findByText('company page')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Verify your account' })).toBeNull();
    cleanup();
    session = fakeSession({ currentAccountId: 5 });
    renderShell('/c/5/home');
    expect(await screen.findByText('company page')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Verify your account' })).toBeNull();
  });

  it('offers a skip link to the main content first', async () => {
    respond({ '/api/account/me': accountMe() });
    renderShell('/c/5/home');
    expect(await screen.findByText('company page')).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links[0].textContent).toBe('Skip to main content');
    const target = document.getElementById(links[0].getAttribute('href')?.slice(1) ?? '');
    expect(target?.tagName).toBe('MAIN');
    expect(target?.getAttribute('tabindex')).toBe('-1');
  });
});
