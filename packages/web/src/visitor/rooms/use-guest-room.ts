import type { GuestRoomView } from '@charter/domain';
import { ROOM_REFRESH_MS } from '@charter/domain';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { fetchRoom } from './room-api.ts';

export type GuestRoomState =
  | { status: 'loading' }
  | { status: 'ready'; room: GuestRoomView }
  | { status: 'failed'; error: ApiError };

/** While the NDA gate is up (the visitor may be signing in another tab, or the seal is on its way). */
export const NDA_POLL_MS = 4_000;

const gated = (room: GuestRoomView) => room.nda.required && room.nda.status !== 'signed';

/**
 * The room for this visitor: its first load counts a visit; refreshed every 15 min while it has documents,
 * and every few seconds while the NDA gate is up. `reload` asks again now (after starting the NDA).
 */
export function useGuestRoom(code: string): GuestRoomState & { reload: () => void } {
  const [state, setState] = useState<GuestRoomState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const load = (visit: boolean) =>
      fetchRoom(code, visit)
        .then((room) => {
          if (stopped) return;
          setState({ status: 'ready', room });
          if (gated(room)) timer = window.setTimeout(() => load(false), NDA_POLL_MS);
          else if (room.documents.length > 0) timer = window.setTimeout(() => load(false), ROOM_REFRESH_MS);
        })
        .catch((error: unknown) => {
          if (stopped) return;
          setState({ status: 'failed', error: error instanceof ApiError ? error : new ApiError(500) });
        });
    void load(attempt === 0);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [code, attempt]);
  return { ...state, reload };
}
