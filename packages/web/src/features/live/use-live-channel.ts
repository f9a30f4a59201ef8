import { LIVE_REFRESH_DELAY_MS, type LiveEvent } from '@charter/domain';

/** Spec 1: pages refresh 3.5 s after an event, dashboards after 2 s. */
export const refreshDelayFor = (pathname: string) =>
  /\/dashboard(\/|$)/.test(pathname) ? LIVE_REFRESH_DELAY_MS.dashboard : LIVE_REFRESH_DELAY_MS.page;

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { ensureAccessToken } from '../../api/token-renewal.ts';
import { pushNotice } from '../../app/notices.tsx';
import { TEAM_TODOS_KEY } from '../company/todo-calls.ts';
import { noticeKeys } from '../notices/api.ts';
import { connectLive, type LiveState } from './live-socket.ts';

/**
 * The workspace's live channel while its pages are open: toasts and alerts are shown, and a refresh
 * event reloads the workspace's data 3.5 s later (spec 1: task and home pages), once for a burst.
 * When the server closes the socket and no new token is given for the workspace (FORBIDDEN: the user
 * was removed from it), `onAccessLost` is called.
 */
export function useLiveChannel(companyId: number, onAccessLost?: () => void): LiveState {
  const accessLost = useRef(onAccessLost);
  accessLost.current = onAccessLost;
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (companyId <= 0) return;
    const reload = (delay: number) => {
      if (refresh.current) return;
      refresh.current = setTimeout(() => {
        refresh.current = null;
        void queryClient.invalidateQueries({
          queryKey: ['account', companyId],
          // Not a form being filled in (workbench useQuestionnaire): it keeps what is typed.
          predicate: (query) => query.meta?.liveRefresh !== false,
        });
        // The team view lists this workspace's to-dos too (personal dashboard).
        void queryClient.invalidateQueries({ queryKey: TEAM_TODOS_KEY });
      }, delay);
    };
    const onEvent = (event: LiveEvent) => {
      if (event.type === 'toast') pushNotice({ type: event.toast.type, message: event.toast.message });
      else if (event.type === 'alert') pushNotice({ type: 'warning', message: event.message });
      else if (event.type === 'console') console.info(event.message);
      // The bell is small and the member is waiting for it: at once, not with the pages' delay.
      else if (event.type === 'refresh_notices') {
        void queryClient.invalidateQueries({ queryKey: noticeKeys(companyId) });
      } else reload(refreshDelayFor(window.location.pathname));
    };
    const stop = connectLive({
      token: (fresh) =>
        ensureAccessToken(companyId, fresh).catch((error: unknown) => {
          if (isApiError(error, 'FORBIDDEN')) accessLost.current?.();
          throw error;
        }),
      onEvent,
      onReset: () => reload(0),
      onState: setState,
    });
    return () => {
      stop();
      if (refresh.current) clearTimeout(refresh.current);
      refresh.current = null;
    };
  }, [companyId, queryClient]);

  return state;
}
