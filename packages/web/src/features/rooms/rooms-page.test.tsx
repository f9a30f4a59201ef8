import type { UserRoomDetail, UserRoomView } from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../app/session-types.ts';
import { fakeSession, renderAt } from '../shell/test-providers.tsx';
import { RoomsPage } from './rooms-page.tsx';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
let session: Session;
vi.mock('../../api/client.ts', () => api);
vi.mock('../../app/session.tsx', () => ({ useSession: () => session }));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push: vi.fn() }) }));

const room = (id: number, type: string | null, accountId = 5): UserRoomView => ({
  id,
  label: `Room ${id}`,
  type,
  status: '',
  open: false,
  require_auth: false,
  strict: false,
  account: { id: accountId, name: 'Acme, Inc.' },
  counts: { documents: 2, links: 1, tables: 0 },
  created_at: '2026-01-01T00:00:00.000Z',
});
const detailOf = (r: UserRoomView): UserRoomDetail => ({
  room: r,
  overview: {
    documents: [],
    links: [],
    tables: [],
    reports: [],
    summary: { documents: 2, required: 1 },
    badges: { requiring_signature: r.id % 2 },
  },
  abilities: { edit: false, settings: false, share: false, delete: false },
  last_visit_at: null,
});

/** The list answers at once; each detail waits until the test lets it go, so we can count those in flight. */
function serve(rooms: UserRoomView[]) {
  const waiting = new Map<number, () => void>();
  api.apiFetch.mockImplementation((path: string) => {
    if (path === '/api/user/rooms') return Promise.resolve(rooms);
    if (path === '/api/account/me')
      return Promise.resolve({ account: { id: 5, role_id: 1 }, user: { id: 1, is_admin: false } });
    const id = Number(path.match(/^\/api\/user\/rooms\/(\d+)$/)?.[1]);
    const r = rooms.find((x) => x.id === id);
    if (!r) return Promise.reject(new Error(`unexpected ${path}`));
    return new Promise((resolve) => waiting.set(id, () => resolve(detailOf(r))));
  });
  const detailCalls = () =>
    api.apiFetch.mock.calls.map(([p]) => p as string).filter((p) => /^\/api\/user\/rooms\/\d+$/.test(p));
  const release = (id: number) => {
    waiting.get(id)?.();
    waiting.delete(id);
  };
  return { waiting, detailCalls, release };
}

const show = () => renderAt('/c/5/rooms', '/c/:companyId/rooms', <RoomsPage />);

beforeEach(() => {
  session = fakeSession({ currentAccountId: 5 });
  api.apiFetch.mockReset();
});
afterEach(cleanup);

describe('Rooms page details (spec 1 §7: 20 or fewer report or deal rooms, 10 at a time)', () => {
  it('fetches the details of 20 or fewer report and deal rooms, never more than 10 at once', async () => {
    const rooms = [
      ...Array.from({ length: 14 }, (_, i) => room(i + 1, i % 2 ? 'report' : 'deal')),
      room(30, 'data-room'),
      room(40, 'report', 9),
    ];
    const { waiting, detailCalls, release } = serve(rooms);
    show();
    expect(await screen.findByText('Room 1')).toBeTruthy();
    // Another workspace's room is not this page's.
    expect(screen.queryByText('Room 40')).toBeNull();
    await waitFor(() => expect(waiting.size).toBe(10));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(detailCalls()).toHaveLength(10);
    for (const id of [...waiting.keys()].slice(0, 3)) release(id);
    await waitFor(() => expect(detailCalls()).toHaveLength(13));
    expect(waiting.size).toBe(10);
    while (waiting.size > 0) {
      for (const id of [...waiting.keys()]) release(id);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await waitFor(() => expect(screen.getAllByText(/requiring signature/)).toHaveLength(14));
    expect(detailCalls()).toHaveLength(14);
    expect(screen.getAllByText('1 requiring signature')).toHaveLength(7);
    expect(screen.getAllByText('No visits yet')).toHaveLength(14);
    expect(screen.getAllByText('2 documents · 1 link · 0 tables')).toHaveLength(15);
    // The data room loads its details only when asked.
    fireEvent.click(screen.getByRole('button', { name: 'Load details of Room 30' }));
    await waitFor(() => expect(waiting.has(30)).toBe(true));
    release(30);
    await waitFor(() => expect(screen.getAllByText(/requiring signature/)).toHaveLength(15));
  });

  it('fetches no details for more than 20 report or deal rooms until the user asks for a row', async () => {
    const rooms = Array.from({ length: 21 }, (_, i) => room(i + 1, 'report'));
    const { waiting, detailCalls, release } = serve(rooms);
    show();
    expect(await screen.findByText('Room 21')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(detailCalls()).toEqual([]);
    expect(screen.getAllByRole('button', { name: /^Load details of/ })).toHaveLength(21);
    fireEvent.click(screen.getByRole('button', { name: 'Load details of Room 7' }));
    await waitFor(() => expect(detailCalls()).toEqual(['/api/user/rooms/7']));
    release(7);
    expect(await screen.findByText('1 requiring signature')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Load details of/ })).toHaveLength(20);
    expect(waiting.size).toBe(0);
  });
});
