import { useEffect, useRef } from 'react';
import {
  onSessionFailure,
  onTokenRefresh,
  SESSION_MESSAGES,
  sessionErrorMessage,
} from '../api/session-events.ts';
import { clearStoredTokens } from '../api/token-storage.ts';
import { dismissNotice, pushNotice } from './notices.tsx';
import { nextExpiredReloadAttempt } from './session-timers.ts';

type EndSession = (message?: string, duration?: number) => void;

/**
 * Reacts to session failures seen by any API call (spec §4): INVALID_JWT_ISS warns; an expired claim reloads
 * the page up to 3 times, then logs out with a 15 s warning; the other session codes clear the tokens with
 * their message. Also shows 'refreshing your session token...' while the id_token is renewed.
 */
export function useSessionFailures(endSession: EndSession) {
  const refreshNotice = useRef<string | null>(null);
  useEffect(() => {
    onSessionFailure((error) => {
      if (error.code === 'INVALID_JWT_ISS') {
        pushNotice({ type: 'warning', message: SESSION_MESSAGES.INVALID_JWT_ISS });
        return;
      }
      if (error.code === 'TOKEN_EXPIRED_ERROR') {
        clearStoredTokens();
        if (nextExpiredReloadAttempt() !== null) return window.location.reload();
        return endSession(SESSION_MESSAGES.LOGOUT_ON_EXPIRY, 15_000);
      }
      endSession(sessionErrorMessage(error.code));
    });
    onTokenRefresh((refreshing) => {
      if (refreshing)
        refreshNotice.current = pushNotice({ type: 'info', message: SESSION_MESSAGES.REFRESHING });
      else if (refreshNotice.current) dismissNotice(refreshNotice.current);
    });
    return () => {
      onSessionFailure(null);
      onTokenRefresh(null);
    };
  }, [endSession]);
}
