import type { RoomAnalytics, RoomCodeView, RoomStats, RoomUserView } from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../shell/test-providers.tsx';
import type { RoomSettingsRoom } from './api.ts';
import { RoomSettings } from './room-settings.tsx';
import { listEntries } from './users-panel.tsx';

const api = vi.hoisted(() => ({ apiFetch: vi.fn(), apiBlob: vi.fn(), errorMessage: vi.fn() }));
const push = vi.hoisted(() => vi.fn());
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }), pushNotice: push }));
vi.mock('../../ui/save-blob.ts', () => ({ saveBlob }));

const room: RoomSettingsRoom = {
  id: 5,
  label: 'Series A',
  type: 'data-room',
  status: 'Active',
  open: false,
  require_auth: false,
  strict: false,
  read_only: false,
  watermark: false,
  nda_file_id: null,
};

const user = (id: number, name: string, extra: Partial<RoomUserView> = {}): RoomUserView => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  user_id: id,
  anonymous: false,
  times_visited: 1,
  doc_interactions: 0,
  last_visited: '2026-01-02T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  disconnected_at: null,
  invite_rights: false,
  ...extra,
});

const users = [
  user(1, 'Anonymous', { anonymous: true, email: null, user_id: null }),
  user(2, 'Vera'),
  user(3, 'Ivan'),
  user(4, 'Olga'),
  user(5, 'Pete'),
];
const codes: RoomCodeView[] = [
  {
    id: 9,
    email: 'new@example.com',
    user: null,
    created_at: '2026-01-03T00:00:00.000Z',
    redeemed_at: null,
    revoked_at: null,
  },
];
const stats: RoomStats = {
  total_visits: 42,
  total_interactions: 7,
  total_private_links: 1,
  users_total: 250,
  users,
};
const analytics: RoomAnalytics = {
  views_over_time: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-01-${String(i + 1).padStart(2, '0')}`,
    visits: i % 3,
  })),
  time_per_page: [{ file_id: 1, label: 'deck.pdf', page: 2, seconds: 75 }],
  completion: [
    {
      file_id: 1,
      label: 'deck.pdf',
      visitor_id: 2,
      name: 'Vera',
      pages_viewed: 1,
      page_count: 4,
      share: 0.25,
    },
  ],
};

beforeEach(() => {
  api.errorMessage.mockImplementation((error: unknown, fallback: string) =>
    error instanceof Error ? error.message : fallback,
  );
  api.apiFetch.mockImplementation(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const method = options.method ?? 'GET';
    if (path === '/api/account/admin/room/5' && method === 'GET') return { room };
    if (path === '/api/account/admin/room/5' && method === 'PUT')
      return { ...room, ...(options.body as object) };
    if (path.startsWith('/api/account/admin/room/5/stats')) return stats;
    if (path === '/api/account/admin/room/5/code' && method === 'GET') return codes;
    if (path === '/api/account/admin/room/5/code' && method === 'POST')
      return { message: 'Email with room link sent.' };
    if (path === '/api/account/admin/room/5/analytics') return analytics;
    if (path === '/api/account/admin/room/5/users/2') return { message: 'User Disconnected' };
    if (path === '/api/account/admin/room/5/codes/9') return { message: 'Room link revoked.' };
    if (path.startsWith('/api/account/admin/room/5/history?')) {
      if (path.includes('visitor_id=3')) return { entries: [], next_cursor: null };
      return {
        entries: [
          {
            id: 77,
            action: 'view',
            label: 'deck.pdf',
            // As the visitor's preview records a page view: the page as detail and as page.
            sublabel: 'Page 2',
            file_id: 1,
            page: 2,
            seconds: 5,
            created_at: '2026-01-02T00:00:00.000Z',
            user: { visitor_id: 2, name: 'Vera', email: 'vera@example.com' },
          },
        ],
        next_cursor: null,
      };
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const open = () =>
  renderAt(
    '/c/7/rooms/5/settings',
    '/c/:companyId/rooms/:roomId/settings',
    <RoomSettings companyId={7} roomId={5} />,
  );
const calls = (path: string, method: string) =>
  api.apiFetch.mock.calls.filter(([p, o]) => p === path && (o?.method ?? 'GET') === method);

describe('room settings rules', () => {
  it('lists visitors, then links no visitor has used', () => {
    const entries = listEntries(users, [...codes, { ...codes[0], id: 10, email: 'VERA@example.com' }]);
    expect(entries).toHaveLength(6);
    expect(entries.at(-1)).toEqual({ kind: 'link', code: codes[0] });
  });
});

describe('<RoomSettings>', () => {
  it('counts one hidden user in the singular, and visits by their number', async () => {
    const base = api.apiFetch.getMockImplementation();
    api.apiFetch.mockImplementation(async (path: string, options?: object) =>
      path === '/api/account/admin/room/5/code' ? [] : base?.(path, options),
    );
    open();
    expect(await screen.findByRole('button', { name: 'Show 1 more user' })).toBeTruthy();
    expect(screen.getAllByTestId('room-user')[1].textContent).toContain('1 visit ·');
  });

  it('shows totals, the first 4 users and Show N more users', async () => {
    open();
    expect((await screen.findByTestId('Total Visits')).textContent).toBe('42');
    expect(screen.getByTestId('Total Interactions').textContent).toBe('7');
    expect(screen.getAllByTestId('room-user')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more users' }));
    expect(screen.getAllByTestId('room-user')).toHaveLength(5);
    expect(screen.getByText('Showing the first 5 of 250 users in this order.')).toBeTruthy();
    expect(screen.getAllByTestId('room-link')).toHaveLength(1);
    expect(screen.getAllByTestId('visits-bar')).toHaveLength(30);
    expect(screen.getByText('1 min 15 s')).toBeTruthy();
    expect(screen.getByText('25% (1/4)')).toBeTruthy();
  });

  it('opens a private room with init_room', async () => {
    open();
    fireEvent.click(await screen.findByLabelText('Room Sharing & Access', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Open', hidden: true }));
    await waitFor(() => expect(calls('/api/account/admin/room/5', 'PUT')).toHaveLength(1));
    expect(calls('/api/account/admin/room/5', 'PUT')[0][1].body).toEqual({
      open: true,
      require_auth: false,
      init_room: true,
    });
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Room Updated.' }));
  });

  it('shares a personal link by email', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Share Personal Room Link' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Link' }));
    expect(await within(dialog).findByText('Email required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Link' }));
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Email with room link sent.' }),
    );
    expect(calls('/api/account/admin/room/5/code', 'POST')[0][1].body).toEqual({
      identifier: { type: 'email', value: 'new@example.com' },
    });
  });

  it('disconnects a user and revokes a link', async () => {
    open();
    const vera = (await screen.findAllByTestId('room-user'))[1];
    fireEvent.click(within(vera).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'User Disconnected' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more users' }));
    fireEvent.click(within(screen.getByTestId('room-link')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls('/api/account/admin/room/5/codes/9', 'DELETE')).toHaveLength(1));
  });

  it("shows a user's history, or that there is none, and downloads it as CSV", async () => {
    open();
    const rows = await screen.findAllByTestId('room-user');
    fireEvent.click(within(rows[2]).getByRole('button', { name: 'History' }));
    expect(await screen.findByText('No history found for Ivan.')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('No history found for Ivan.')).toBeNull());
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'History' }));
    expect((await screen.findByTestId('history-entry')).textContent).toContain('deck.pdf · Page 2');
    expect(screen.getByTestId('history-entry').textContent).not.toMatch(/Page 2 · page 2/i);
    api.apiBlob.mockResolvedValue(new Blob(['Date\r\n']));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Vera history.csv'));
    expect(api.apiBlob).toHaveBeenCalledWith(
      '/api/account/admin/room/5/history.csv?sort=latest&visitor_id=2',
      7,
    );
  });
});
