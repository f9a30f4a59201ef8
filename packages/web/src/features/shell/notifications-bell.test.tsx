import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../app/session-types.ts';
import { NotificationsBell } from './notifications-bell.tsx';
import { fakeSession, renderAt } from './test-providers.tsx';

let toReview: unknown[] = [];
const api = vi.hoisted(() => ({
  apiFetch: vi.fn(async (path: string) =>
    path === '/api/user/takeover' ? { items: toReview } : { message: 'ok' },
  ),
}));
const push = vi.hoisted(() => vi.fn());
let session: Session;
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/session.tsx', () => ({ useSession: () => session }));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }) }));

const renderBell = () => renderAt('/c/5/home', '/c/:companyId/home', <NotificationsBell />);
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  toReview = [];
  push.mockReset();
  api.apiFetch.mockClear();
});
afterEach(cleanup);

describe('NotificationsBell', () => {
  it('has nothing to offer a verified user with a password', async () => {
    session = fakeSession();
    renderBell();
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell.getAttribute('aria-haspopup')).toBe('dialog');
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bell);
    expect(await screen.findByText("You're all caught up.")).toBeTruthy();
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Verify your account' })).toBeNull();
  });

  it('resends the confirmation code and goes to the confirm page', async () => {
    session = fakeSession({}, { email_verified: false, password_allowed: false });
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications: 2 new' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Verify your account' }));
    await waitFor(() => expect(location()).toBe('/register/confirm-email'));
    expect(api.apiFetch).toHaveBeenCalledWith('/api/user/confirm/code/resend', { method: 'POST' });
  });

  it('emails a set-password link to users without a password', async () => {
    session = fakeSession({}, { password_allowed: false });
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications: 1 new' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Email New Password Link' }));
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Set new password email sent.' }),
    );
    expect(api.apiFetch).toHaveBeenCalledWith('/api/user/settings/password/link', { method: 'POST' });
  });

  it("lists the workspace's notices, counts the unread, and opens one where it leads", async () => {
    session = fakeSession();
    const notice = (id: number, message: string, read: boolean) => ({
      id,
      kind: 'form_submitted',
      message,
      link: `workbench/2/3/${id}/overview`,
      created_at: '2026-05-01T10:00:00Z',
      read,
    });
    api.apiFetch.mockImplementation((async (path: string) =>
      path.startsWith('/api/account/notice?')
        ? {
            notices: [notice(9, 'Shared form "Intake" was submitted.', false), notice(8, 'Old one.', true)],
            unread: 1,
          }
        : path === '/api/user/takeover'
          ? { items: toReview }
          : undefined) as never);
    renderAt('/c/5/home', '/c/:companyId/home', <NotificationsBell companyId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications: 1 new' }));
    const list = await screen.findByRole('list', { name: 'Notices' });
    expect(await within(list).findByRole('button', { name: 'Old one.' })).toBeTruthy();
    fireEvent.click(
      within(list).getByRole('button', { name: 'Unread: Shared form "Intake" was submitted.' }),
    );
    await waitFor(() => expect(location()).toBe('/c/5/workbench/2/3/9/overview'));
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/notice?limit=20', { accountId: 5 });
    expect(api.apiFetch).toHaveBeenCalledWith('/api/account/notice/9/read', { method: 'POST', accountId: 5 });
  });

  it('sends a user with things to review to the account review', async () => {
    toReview = [{ id: 1 }];
    session = fakeSession();
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications: 1 new' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Review your account' }));
    await waitFor(() => expect(location()).toBe('/c/0/account-review'));
  });

  it('asks nothing about a review for staff acting as the user', async () => {
    toReview = [{ id: 1 }];
    session = fakeSession({ impersonatorId: 3 });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(api.apiFetch).not.toHaveBeenCalledWith('/api/user/takeover', expect.anything());
  });
});
