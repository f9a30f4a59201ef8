import type { UserRoomDetail, UserRoomView } from '@charter/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiFetch } from '../../api/client.ts';
import { createLimiter } from '../../api/concurrency.ts';
import { roomKeys } from './api.ts';

/** Spec 1 §7: details are fetched on their own for 20 or fewer rooms of type report or deal. */
export const AUTO_DETAILS_MAX = 20;
export const DETAILS_IN_FLIGHT = 10;
const DETAIL_TYPES = new Set(['report', 'deal']);

/** Every detail request of the app shares one limiter: never more than 10 in flight. */
const detailSlot = createLimiter(DETAILS_IN_FLIGHT);

/** GET /api/user/rooms, narrowed to one workspace's rooms (the list spans the user's workspaces). */
export function useUserRooms(companyId: number) {
  return useQuery({
    queryKey: [...roomKeys.all(companyId), 'user-list'],
    queryFn: () => apiFetch<UserRoomView[]>('/api/user/rooms'),
    select: (rooms) => rooms.filter((room) => room.account.id === companyId),
  });
}

/** The rooms whose details load without being asked: those of type report or deal, if 20 or fewer. */
export function autoDetailIds(rooms: readonly UserRoomView[]): number[] {
  const typed = rooms.filter((room) => room.type !== null && DETAIL_TYPES.has(room.type));
  return typed.length <= AUTO_DETAILS_MAX ? typed.map((room) => room.id) : [];
}

/**
 * GET /api/user/rooms/{id} for the rooms that load on their own and those the user asked for ("Load
 * details"), 10 requests at a time. Returns each room's detail (when loaded) and whether it is loading.
 */
export function useRoomDetails(companyId: number, rooms: readonly UserRoomView[]) {
  const [forced, setForced] = useState<ReadonlySet<number>>(new Set());
  const ids = useMemo(() => [...new Set([...autoDetailIds(rooms), ...forced])], [rooms, forced]);
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: [...roomKeys.room(companyId, id), 'user-detail'],
      queryFn: () => detailSlot(() => apiFetch<UserRoomDetail>(`/api/user/rooms/${id}`)),
    })),
  });
  const byId = new Map(ids.map((id, i) => [id, results[i]]));
  return {
    detail: (id: number) => byId.get(id)?.data,
    state: (id: number): 'idle' | 'loading' | 'error' | 'done' => {
      const result = byId.get(id);
      if (!result) return 'idle';
      return result.isPending ? 'loading' : result.isError ? 'error' : 'done';
    },
    load: (id: number) => setForced((current) => new Set([...current, id])),
  };
}
