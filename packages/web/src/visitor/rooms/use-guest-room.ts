import type { GuestRoomView } from '@charter/domain';
import { ROOM_REFRESH_MS } from '@charter/domain';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { fetchRoom } from './room-api.ts';

export type GuestRoomState =
  | { status: 'loading' }
  | { status: 'ready'; room: GuestRoomView }
  | { status: 'failed'; error: ApiError };

/** The room for this visitor: its first load counts a visit; refreshed every 15 min while it has documents. */
export function useGuestRoom(code: string): GuestRoomState {
  const [state, setState] = useState<GuestRoomState>({ status: 'loading' });
  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const load = (visit: boolean) =>
      fetchRoom(code, visit)
        .then((room) => {
          if (stopped) return;
          setState({ status: 'ready', room });
          if (room.documents.length > 0) timer = window.setTimeout(() => load(false), ROOM_REFRESH_MS);
        })
        .catch((error: unknown) => {
          if (stopped) return;
          setState({ status: 'failed', error: error instanceof ApiError ? error : new ApiError(500) });
        });
    void load(true);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [code]);
  return state;
}
