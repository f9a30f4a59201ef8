import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { Session } from '../../app/session-types.ts';
import { fakeSession, renderAt } from '../shell/test-providers.tsx';
import type { Authenticator, Profile } from './types.ts';
import { UserProfilePage } from './user-profile-page.tsx';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
const push = vi.hoisted(() => vi.fn());
let session: Session;
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/session.tsx', () => ({ useSession: () => session }));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }) }));

type Handler = (options: { method?: string; body?: unknown }) => unknown;
let routes: Record<string, Handler>;
const profile: Profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '',
  email: 'ada@example.com',
  emails: ['ada@example.com', 'ada@work.com'],
  counsels: [],
  partners: [],
  teams: [],
};
/** The primary address is listed first, as id 0; added ones follow. */
const authenticators: Authenticator[] = [
  {
    id: 0,
    pub_id: 'primary-1',
    type: 'email',
    value: 'ada@example.com',
    priority: 0,
    verified_at: '2024-01-01T10:00:00.000Z',
    created_at: '2024-01-01T10:00:00.000Z',
  },
  {
    id: 2,
    pub_id: '5f0c8a9e-7d1b-4c2a-9e3f-1a2b3c4d5e6f',
    type: 'email',
    value: 'ada@work.com',
    priority: 1,
    verified_at: '2024-01-02T10:00:00.000Z',
    created_at: '2024-01-02T10:00:00.000Z',
  },
];
const added: Authenticator = {
  id: 3,
  pub_id: '0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a',
  type: 'email',
  value: 'new@x.com',
  priority: 1,
  verified_at: null,
  created_at: '2024-02-01T10:00:00.000Z',
};

beforeEach(() => {
  session = fakeSession();
  push.mockReset();
  routes = {
    'GET /api/user/settings/profile': () => profile,
    'PUT /api/user/settings/profile': ({ body }) => ({ ...profile, ...(body as object) }),
    'GET /api/v1/user/authenticators': () => authenticators,
    'POST /api/user/settings/authenticators': () => added,
    'PUT /api/user/settings/authenticators': () => ({ ...added, verified_at: '2024-02-01T10:05:00.000Z' }),
  };
  api.apiFetch.mockReset();
  api.apiFetch.mockImplementation(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const handler = routes[`${options.method ?? 'GET'} ${path}`];
    if (!handler) return undefined;
    return handler(options);
  });
});
afterEach(cleanup);

const renderPage = () => renderAt('/c/0/user-settings', '/c/:companyId/user-settings', <UserProfilePage />);
const form = (name: string) => screen.getByRole('form', { name });

describe('UserProfilePage', () => {
  it('loads and saves the profile', async () => {
    renderPage();
    const first = await screen.findByRole('textbox', { name: /First Name/ });
    expect((first as HTMLInputElement).value).toBe('Ada');
    fireEvent.change(first, { target: { value: 'Augusta' } });
    fireEvent.click(within(form('Profile')).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'profile updated' }));
    expect(api.apiFetch).toHaveBeenCalledWith('/api/user/settings/profile', {
      method: 'PUT',
      body: { firstName: 'Augusta', lastName: 'Lovelace', phone: '' },
    });
  });

  it('says when the profile cannot be loaded', async () => {
    routes['GET /api/user/settings/profile'] = () => {
      throw new ApiError(500, {});
    };
    renderPage();
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'error',
          message: 'There was an error while retrieving your profile.',
        }),
      ),
    );
  });

  it('checks the new password and reports a wrong current password', async () => {
    routes['PUT /api/user/settings/password'] = () => {
      throw new ApiError(400, { code: 'INVALID_CREDENTIALS', message: 'nope' });
    };
    renderPage();
    const password = form('Change password');
    fireEvent.change(within(password).getByLabelText(/Current Password/), {
      target: { value: 'old-password' },
    });
    fireEvent.change(within(password).getByLabelText(/^New Password/), { target: { value: 'short' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await within(password).findByText(/at least 12 characters long/)).toBeTruthy();

    const long = 'correct horse battery';
    fireEvent.change(within(password).getByLabelText(/^New Password/), { target: { value: long } });
    fireEvent.change(within(password).getByLabelText(/Confirm New Password/), { target: { value: long } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    const message = 'Your current password is incorrect, please try again.';
    expect(await within(password).findByText(message)).toBeTruthy();
    expect(api.apiFetch).toHaveBeenCalledWith('/api/user/settings/password', {
      method: 'PUT',
      body: { current_password: 'old-password', password: long },
    });
  });

  it('asks before removing an email', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove ada@work.com' }));
    expect(
      await screen.findByText('Are you sure you want to remove ada@work.com from our system?'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove ada@example.com' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm removing ada@work.com' }));
    await waitFor(() =>
      expect(api.apiFetch).toHaveBeenCalledWith('/api/v1/user/authenticators/2', { method: 'DELETE' }),
    );
  });

  it('adds an email and verifies it with the emailed code', async () => {
    renderPage();
    const add = await screen.findByRole('form', { name: 'Add email' });
    fireEvent.change(within(add).getByRole('textbox', { name: 'Email Address' }), {
      target: { value: 'new@x.com' },
    });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Email' }));
    const verify = await screen.findByRole('form', { name: 'Verify new@x.com' });
    fireEvent.change(within(verify).getByRole('textbox'), { target: { value: '123456' } });
    fireEvent.click(within(verify).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(api.apiFetch).toHaveBeenCalledWith('/api/user/settings/authenticators', {
        method: 'PUT',
        body: { email: 'new@x.com', password: '123-456' },
      }),
    );
    expect(api.apiFetch).toHaveBeenCalledWith('/api/user/settings/authenticators', {
      method: 'POST',
      body: { email: 'new@x.com' },
    });
  });
});
