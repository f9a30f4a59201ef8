import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../app/session-types.ts';
import { fakeSession, renderAt } from '../shell/test-providers.tsx';
import { CompanySelectPage } from './company-select-page.tsx';
import type { Workspace } from './types.ts';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
const push = vi.hoisted(() => vi.fn());
let session: Session;
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/session.tsx', () => ({ useSession: () => session }));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }) }));

function workspace(id: number, name: string, preferred = false): Workspace {
  const base = { role_id: 1, is_admin: true, account_order: id, logo_url: null, features: [] };
  const shown = { account_group: null, user_limit: 2, hide_powered_by: false };
  return { id, name, company_name: name, preferred, created_at: '2024-03-05T10:00:00Z', ...base, ...shown };
}

let accounts: Workspace[];
beforeEach(() => {
  session = fakeSession();
  push.mockReset();
  accounts = [workspace(5, 'Acme, Inc.', true), workspace(6, 'Beta LLC')];
  api.apiFetch.mockReset();
  api.apiFetch.mockImplementation(async (path: string, options?: { method?: string }) => {
    if (path === '/api/user/accounts' && options?.method === 'POST') return { account_id: 42 };
    if (path === '/api/user/accounts') return accounts;
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderPage = (url = '/c/0/company-select') =>
  renderAt(url, '/c/:companyId/company-select', <CompanySelectPage />);
const location = () => screen.getByTestId('location').textContent;

describe('CompanySelectPage', () => {
  it('lists workspaces with their default badge and created date', async () => {
    renderPage();
    const acme = await screen.findByRole('article', { name: 'Acme, Inc.' });
    expect(within(acme).getByText('Default')).toBeTruthy();
    expect(within(acme).getByText('Created Mar 5, 2024')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Beta LLC' })).queryByText('Default')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Search workspaces' })).toBeNull();
  });

  it('offers a search filter past 8 workspaces', async () => {
    accounts = Array.from({ length: 9 }, (_, i) =>
      workspace(i + 1, i === 4 ? 'Zeta LP' : `Company ${i} Inc.`),
    );
    renderPage();
    const search = await screen.findByRole('textbox', { name: 'Search workspaces' });
    fireEvent.change(search, { target: { value: 'zeta' } });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Zeta LP']);
  });

  it('opens a workspace at the redirect target with its company', async () => {
    renderPage(`/c/0/company-select?redirect=${encodeURIComponent('/c/0/workflows?x=1')}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Beta LLC' }));
    await waitFor(() => expect(location()).toBe('/c/6/workflows?x=1'));
    expect(session.switchAccount).toHaveBeenCalledWith(6);
  });

  it('makes a workspace the default and removes the default', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Make Beta LLC default' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Acme, Inc. as default' }));
    await waitFor(() => {
      expect(api.apiFetch).toHaveBeenCalledWith('/api/user/accounts/6/preference', { method: 'POST' });
      expect(api.apiFetch).toHaveBeenCalledWith('/api/user/accounts/5/preference', { method: 'DELETE' });
    });
  });
});

describe('NewWorkspaceModal', () => {
  it('checks the name suffix, creates the workspace and opens it 5 s later', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Workspace' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Company Name/ });
    fireEvent.change(name, { target: { value: 'Acme' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Select a suffix')).toBeTruthy();
    expect(within(dialog).getByText('Business purpose required')).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Acme, Inc.' } });
    fireEvent.click(within(dialog).getByLabelText(/Business Purpose/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Investment Vehicle', hidden: true }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith({
        type: 'success',
        message: 'Company Added! Please wait a few seconds as we set everything up.',
      }),
    );
    expect(api.apiFetch).toHaveBeenCalledWith('/api/user/accounts', {
      method: 'POST',
      body: { company_name: 'Acme, Inc.', features: [{ feature_type_id: 881, value: 'Investment Vehicle' }] },
    });
    expect(location()).toBe('/c/0/company-select');
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    await waitFor(() => expect(location()).toBe('/c/42/home'));
    expect(session.switchAccount).toHaveBeenCalledWith(42);
  });

  it('offers staff acting as the user no way to add a workspace', async () => {
    session = { ...fakeSession(), impersonatorId: 9 };
    renderPage();
    await screen.findByRole('article', { name: 'Acme, Inc.' });
    expect(screen.queryByRole('button', { name: 'Add Workspace' })).toBeNull();
    accounts = [];
    cleanup();
    renderPage();
    expect(await screen.findByText('No workspaces yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add your first workspace' })).toBeNull();
  });
});
