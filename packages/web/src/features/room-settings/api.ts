import type {
  RoomAnalytics,
  RoomCodeView,
  RoomHistoryPage,
  RoomHistorySort,
  RoomStats,
  RoomUserSort,
} from '@charter/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiFetch } from '../../api/client.ts';

/**
 * The fields of GET /api/account/admin/room/{id} this page reads and PUT changes (the rooms module owns
 * the room's contract; only what Settings & Sharing needs is named here).
 */
export type RoomSettingsRoom = {
  id: number;
  label: string;
  type: string | null;
  status: string;
  open: boolean;
  require_auth: boolean;
  strict: boolean;
  read_only: boolean;
  watermark: boolean;
  nda_file_id: number | null;
};
export type RoomUpdate = Partial<
  Pick<RoomSettingsRoom, 'open' | 'require_auth' | 'status' | 'read_only' | 'watermark' | 'nda_file_id'>
> & { init_room?: boolean };

type Message = { message: string };

const roomPath = (roomId: number) => `/api/account/admin/room/${roomId}`;
export const roomSettingsKey = (companyId: number, roomId: number) =>
  ['account', companyId, 'room-settings', roomId] as const;

export function useSettingsRoom(companyId: number, roomId: number) {
  return useQuery({
    queryKey: [...roomSettingsKey(companyId, roomId), 'room'],
    queryFn: async () =>
      (await apiFetch<{ room: RoomSettingsRoom }>(roomPath(roomId), { accountId: companyId })).room,
  });
}

export function useRoomStats(companyId: number, roomId: number, sort: RoomUserSort) {
  return useQuery({
    queryKey: [...roomSettingsKey(companyId, roomId), 'stats', sort],
    queryFn: () =>
      apiFetch<RoomStats>(`${roomPath(roomId)}/stats?sort=${sort}&limit=200`, { accountId: companyId }),
  });
}

export function useRoomCodes(companyId: number, roomId: number) {
  return useQuery({
    queryKey: [...roomSettingsKey(companyId, roomId), 'codes'],
    queryFn: () => apiFetch<RoomCodeView[]>(`${roomPath(roomId)}/code`, { accountId: companyId }),
  });
}

export function useRoomAnalytics(companyId: number, roomId: number) {
  return useQuery({
    queryKey: [...roomSettingsKey(companyId, roomId), 'analytics'],
    queryFn: () => apiFetch<RoomAnalytics>(`${roomPath(roomId)}/analytics`, { accountId: companyId }),
  });
}

/** The history's filter as the list and its CSV both send it. */
function historyQuery(visitorId: number | null, sort: RoomHistorySort, includeHidden: boolean) {
  const query = new URLSearchParams({ sort });
  if (visitorId !== null) query.set('visitor_id', String(visitorId));
  if (includeHidden) query.set('include_hidden', '1');
  return query;
}

/** One user's history (or the room's), a keyset page at a time; hidden entries too when asked. */
export function useRoomHistory(
  companyId: number,
  roomId: number,
  visitorId: number | null,
  sort: RoomHistorySort,
  includeHidden = false,
) {
  return useInfiniteQuery({
    queryKey: [...roomSettingsKey(companyId, roomId), 'history', visitorId, sort, includeHidden],
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const query = historyQuery(visitorId, sort, includeHidden);
      if (pageParam) query.set('cursor', pageParam);
      return apiFetch<RoomHistoryPage>(`${roomPath(roomId)}/history?${query}`, { accountId: companyId });
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The history as CSV: what the list shows (hidden entries only when it shows them). */
export const historyCsvBlob = (
  companyId: number,
  roomId: number,
  visitorId: number | null,
  sort: RoomHistorySort,
  includeHidden = false,
) => apiBlob(`${roomPath(roomId)}/history.csv?${historyQuery(visitorId, sort, includeHidden)}`, companyId);

/** The page's writes; each reloads what the page shows of the room. */
export function useRoomSettingsActions(companyId: number, roomId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: roomSettingsKey(companyId, roomId) });
  const send = <T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown) =>
    apiFetch<T>(path, { method, body, accountId: companyId });
  return {
    update: useMutation({
      mutationFn: (body: RoomUpdate) => send<RoomSettingsRoom>(roomPath(roomId), 'PUT', body),
      onSuccess: async () => {
        await refresh();
        await queryClient.invalidateQueries({ queryKey: ['account', companyId, 'rooms'] });
      },
    }),
    share: useMutation({
      mutationFn: (email: string) =>
        send<Message>(`${roomPath(roomId)}/code`, 'POST', { identifier: { type: 'email', value: email } }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (codeId: number) => send<Message>(`${roomPath(roomId)}/codes/${codeId}`, 'DELETE'),
      onSuccess: refresh,
    }),
    disconnect: useMutation({
      mutationFn: (visitorId: number) => send<Message>(`${roomPath(roomId)}/users/${visitorId}`, 'DELETE'),
      onSuccess: refresh,
    }),
    /** DELETE …/history/{id} hides the entry (an audit trail: never erased). */
    removeEntry: useMutation({
      mutationFn: (historyId: number) =>
        apiFetch<Message>(`/api/user/rooms/${roomId}/history/${historyId}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}

export type RoomSettingsActions = ReturnType<typeof useRoomSettingsActions>;
