import {
  type AccountMe,
  ADMIN_WARNING,
  type MembersList,
  type MemberView,
  userLimitMessage,
  VERIFY_TO_SHARE,
} from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { Session } from '../../app/session-types.ts';
import { fakeSession, renderAt } from '../shell/test-providers.tsx';
import { SettingsPage } from './settings-page.tsx';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
const push = vi.hoisted(() => vi.fn());
let session: Session;
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/session.tsx', () => ({ useSession: () => session }));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }), pushNotice: push }));

const me = (manage: boolean): AccountMe => ({
  account: {
    id: 7,
    name: 'Acme, Inc.',
    company_name: 'Acme, Inc.',
    role_id: 1,
    account_group: null,
    account_order: 0,
    is_admin: manage,
    preferred: true,
    logo_url: null,
    user_limit: 2,
    hide_powered_by: false,
    features: [],
    created_at: '2024-01-01T00:00:00.000Z',
  },
  user: {
    id: 1,
    email: 'ada@example.com',
    first_name: 'Ada',
    family_name: 'Lovelace',
    is_admin: manage,
    filecabinet_access: true,
    impersonator_id: null,
  },
  abilities: { manage_settings: manage, filecabinet: true, reports: true, rooms: false },
  subscriptions: [],
});

const member = (overrides: Partial<MemberView>): MemberView => ({
  id: 2,
  email: 'grace@example.com',
  first_name: 'Grace',
  family_name: 'Hopper',
  is_admin: false,
  is_owner: false,
  is_signatory: false,
  filecabinet_access: true,
  pending: false,
  accepted: true,
  suspended: false,
  created_at: '2024-01-01T00:00:00.000Z',
  abilities: { change_role: true, remove: true, make_owner: true, make_signatory: true },
  ...overrides,
});

const list: MembersList = {
  users: [
    member({
      id: 1,
      email: 'ada@example.com',
      first_name: 'Ada',
      family_name: 'Lovelace',
      is_admin: true,
      is_owner: true,
      abilities: { change_role: false, remove: false, make_owner: false, make_signatory: true },
    }),
    member({ pending: true, accepted: false }),
  ],
  user_limit: 2,
  count: 2,
  abilities: { invite: true, manage: true },
};

let admin = true;
beforeEach(() => {
  admin = true;
  session = fakeSession();
  api.apiFetch.mockImplementation(async (path: string, options: { method?: string } = {}) => {
    if (path === '/api/account/me') return me(admin);
    if (path === '/api/account/admin/users') return list;
    if (path === '/api/account/admin/settings/profile')
      return { id: 7, company_name: 'Acme, Inc.', logo_url: null };
    if (path === '/api/account/remove_user/2' && options.method === 'DELETE') return undefined;
    if (path === '/api/account/admin/add_user')
      throw new ApiError(403, { code: 'UNVERIFIED_CONTACT', message: VERIFY_TO_SHARE });
    if (path === '/api/user/confirm/code/resend') return { message: 'sent' };
    throw new Error(`unexpected ${options.method ?? 'GET'} ${path}`);
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const open = (url: string) => renderAt(url, '/c/:companyId/settings/*', <SettingsPage />);

describe('workspace settings', () => {
  it('warns a member who is not an admin and sends them to the workspaces page', async () => {
    admin = false;
    open('/c/7/settings/members');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/c/0/company-select'));
    expect(push).toHaveBeenCalledWith({ type: 'warning', message: ADMIN_WARNING });
    expect(api.apiFetch).not.toHaveBeenCalledWith('/api/account/admin/users', expect.anything());
  });

  it('lists members with only the actions the server allows, and confirms a removal', async () => {
    open('/c/7/settings/members');
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByText('Owner')).toBeTruthy();
    expect(within(table).getByText('Invited')).toBeTruthy();
    // The owner's role is fixed and they cannot be removed.
    expect(screen.queryAllByLabelText('Role of Ada Lovelace')[0] ?? null).toBeNull();
    expect(screen.getAllByLabelText('Role of Grace Hopper')[0]).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Ada Lovelace' }));
    expect(await screen.findByRole('menuitem', { name: 'Make Signatory' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Remove' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(
      await screen.findByText('Are you sure you want to remove Grace Hopper from our system?'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(api.apiFetch).toHaveBeenCalledWith(
        '/api/account/remove_user/2',
        expect.objectContaining({ method: 'DELETE', accountId: 7 }),
      ),
    );
  });

  it('shows the user limit in the invitation when the workspace is full', async () => {
    open('/c/7/settings/members');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite Member' }));
    expect(await screen.findByText(userLimitMessage(2))).toBeTruthy();
    expect(screen.getByText('2 of 2 members')).toBeTruthy();
  });

  it('refuses an invitation from an unverified account and offers to verify it', async () => {
    list.user_limit = 5;
    open('/c/7/settings/members');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Member' });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'new@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText(VERIFY_TO_SHARE)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify your account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/register/confirm-email'));
    list.user_limit = 2;
  });

  it('opens the profile by default with the workspace name', async () => {
    open('/c/7/settings');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/c/7/settings/profile'));
    expect(await screen.findByDisplayValue('Acme, Inc.')).toBeTruthy();
  });
});
