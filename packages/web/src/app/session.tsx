import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, apiFetch } from '../api/client.ts';
import { rawRequest } from '../api/http.ts';
import { decodeJwt, isUsable } from '../api/jwt.ts';
import { SESSION_MESSAGES } from '../api/session-events.ts';
import { ensureAccessToken, ensureIdToken, recoverIdTokenFromCookie } from '../api/token-renewal.ts';
import {
  clearStoredTokens,
  getCurrentAccountId,
  getStoredIdToken,
  setCurrentAccountId,
  setStoredIdToken,
} from '../api/token-storage.ts';
import { pushNotice } from './notices.tsx';
import { flagLpPortalRefresh, useIdTokenRenewal, useInactivityTimer } from './session-timers.ts';
import type { Session, SessionStatus, SessionUser } from './session-types.ts';
import { useSessionFailures } from './use-session-failures.ts';

export type { Session, SessionStatus, SessionUser } from './session-types.ts';

type State = {
  status: SessionStatus;
  user: SessionUser | null;
  idToken: string | null;
  accountId: number | null;
};
const SessionContext = createContext<Session | null>(null);

/** Queries keyed under 'public' (the brand) outlive sessions and account switches. */
const isPrivateQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== 'public';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({
    status: 'loading',
    user: null,
    idToken: null,
    accountId: null,
  });
  const [loggedOut, setLoggedOut] = useState(false);

  const endLocally = useCallback(
    (message?: string, duration?: number) => {
      clearStoredTokens();
      flagLpPortalRefresh();
      queryClient.removeQueries({ predicate: isPrivateQuery });
      setState({ status: 'anonymous', user: null, idToken: null, accountId: null });
      if (message) pushNotice({ type: 'warning', message, duration });
    },
    [queryClient],
  );

  const logout = useCallback(
    async (message?: string) => {
      const token = getStoredIdToken();
      setLoggedOut(true);
      const headers: Record<string, string> = isUsable(token) ? { Authorization: `Bearer ${token}` } : {};
      await rawRequest('/api/authn/session', { method: 'DELETE', headers }).catch(() => undefined);
      endLocally(message);
    },
    [endLocally],
  );

  const loadUser = useCallback(async (): Promise<SessionUser> => {
    const user = await apiFetch<SessionUser>('/api/user/me', { auth: 'id' });
    setState({
      status: 'authenticated',
      user,
      idToken: getStoredIdToken(),
      accountId: getCurrentAccountId(),
    });
    return user;
  }, []);

  const signIn = useCallback(
    async (idToken: string) => {
      if (getStoredIdToken() !== idToken) clearStoredTokens();
      setStoredIdToken(idToken);
      setLoggedOut(false);
      return loadUser();
    },
    [loadUser],
  );

  // Boot: stored id_token, else the session cookie (reload, OIDC return), else anonymous.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const token = getStoredIdToken() ?? (await recoverIdTokenFromCookie());
      if (cancelled) return;
      if (!token) return setState((s) => ({ ...s, status: 'anonymous' }));
      await loadUser();
    })().catch((error: unknown) => {
      // A network failure leaves the page loading, so the loading screen offers reload/logout/support.
      if (!cancelled && !(error instanceof ApiError && error.status === 0)) endLocally();
    });
    return () => {
      cancelled = true;
    };
  }, [loadUser, endLocally]);

  useSessionFailures(endLocally);

  const authenticated = state.status === 'authenticated';
  const onIdle = useCallback(() => void logout(SESSION_MESSAGES.INACTIVITY), [logout]);
  useInactivityTimer(authenticated, onIdle);
  const renew = useCallback(() => {
    ensureIdToken()
      .then((idToken) => setState((s) => (s.idToken === idToken ? s : { ...s, idToken })))
      .catch(() => undefined);
  }, []);
  useIdTokenRenewal(authenticated ? state.idToken : null, renew);

  const impersonatorId =
    state.user?.impersonator_id ??
    (state.idToken ? (decodeJwt(state.idToken)?.impersonator_id ?? null) : null);

  const switchAccount = useCallback(
    async (accountId: number) => {
      if (accountId === getCurrentAccountId()) {
        setState((s) => (s.accountId === accountId ? s : { ...s, accountId }));
        return;
      }
      if (impersonatorId !== null && getCurrentAccountId() !== null) {
        pushNotice({ type: 'warning', message: 'You only have access to this workspace' });
        return;
      }
      await ensureAccessToken(accountId, true);
      setCurrentAccountId(accountId);
      setState((s) => ({ ...s, accountId }));
      await queryClient.resetQueries({ predicate: isPrivateQuery });
    },
    [impersonatorId, queryClient],
  );

  const refreshUser = useCallback(async () => {
    await loadUser();
  }, [loadUser]);

  const value = useMemo<Session>(
    () => ({
      status: state.status,
      user: state.user,
      idToken: state.idToken,
      signIn,
      logout,
      accessTokenFor: (accountId) => ensureAccessToken(accountId),
      currentAccountId: state.accountId,
      switchAccount,
      refreshUser,
      impersonatorId,
      loggedOut,
    }),
    [state, signIn, logout, switchAccount, refreshUser, impersonatorId, loggedOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
