import type { TeamView } from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../shell/test-providers.tsx';
import { TeamsPage } from './teams-page.tsx';

const api = vi.hoisted(() => ({
  apiFetch: vi.fn(),
  errorMessage: (_e: unknown, fallback: string) => fallback,
}));
const push = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ ...api, ApiError: class extends Error {} }));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }) }));

const admin = { change_role: true, remove: true };
const none = { change_role: false, remove: false };

function team(role: 1 | 2): TeamView {
  const manage = role === 1;
  return {
    id: 4,
    name: 'Northwind Legal',
    slug: 'northwind',
    code: 'NORTHWIND',
    role_id: role,
    abilities: { manage_members: manage, manage_accounts: manage, manage_brand: manage },
    members: [
      {
        user_id: 1,
        name: 'Dana Demo',
        email: 'dana@example.com',
        role_id: 1,
        abilities: manage ? { ...admin, change_role: false } : none,
      },
      {
        user_id: 2,
        name: 'Avery Associate',
        email: 'avery@example.com',
        role_id: 2,
        abilities: manage ? admin : none,
      },
    ],
    packages: [],
    accounts: [{ id: 9, name: 'Harbor Robotics, Inc.', connected_at: '2026-01-05T10:00:00.000Z' }],
  };
}

const sso = {
  partner_id: 4,
  partner_name: 'Northwind Legal',
  issuer: null,
  client_id: null,
  has_client_secret: false,
  label: null,
  button_label: 'Sign in with Northwind Legal',
  redirect_uri: null,
  configured: false,
  abilities: { update: true, delete: true },
};

function respond(role: 1 | 2) {
  api.apiFetch.mockImplementation(async (path: string, options: { method?: string } = {}) => {
    if (path === '/api/user/team') return [team(role)];
    if (path === '/api/user/partner/4/brand') return { brand: null };
    if (path === '/api/user/partner/4/sso') return sso;
    if (path === '/api/user/partner/4/2' && options.method === 'DELETE')
      return { message: 'Member removed from partner group.' };
    return {};
  });
}

beforeEach(() => {
  api.apiFetch.mockReset();
  push.mockReset();
});
afterEach(cleanup);

describe('TeamsPage', () => {
  it('shows a member the team, its people and clients, and no admin controls', async () => {
    respond(2);
    renderAt('/c/0/teams', '/c/:companyId/teams', <TeamsPage />);
    const members = await screen.findByRole('table', { name: 'Northwind Legal members' });
    expect(within(members).getByText('Avery Associate')).toBeTruthy();
    expect(screen.getByText('Harbor Robotics, Inc.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Disconnect / })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Partner brand' })).toBeNull();
    expect(screen.queryByText('Single sign-on')).toBeNull();
  });

  it('lets an admin change others’ roles (not their own) and remove a member after confirming', async () => {
    respond(1);
    renderAt('/c/0/teams', '/c/:companyId/teams', <TeamsPage />);
    await screen.findByRole('table', { name: 'Northwind Legal members' });
    expect(screen.getAllByLabelText('Role of avery@example.com').length).toBeGreaterThan(0);
    expect(screen.queryAllByLabelText('Role of dana@example.com')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add Member' })).toBeTruthy();
    // The team's admins also set its CRM single sign-on here.
    expect(await screen.findByText('Single sign-on')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove avery@example.com' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Member removed from partner group.' }),
    );
    expect(api.apiFetch).toHaveBeenCalledWith('/api/user/partner/4/2', { method: 'DELETE' });
  });
});
