import { isVisitorPath } from '@charter/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { takeRedirectLocation } from '../features/auth/auth-storage.ts';
import { replaceLocation } from '../features/auth/browser-navigation.ts';
import { useHomePath } from '../features/auth/use-home-path.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { safeRedirect } from './modal-location.ts';
import { type SessionStatus, useSession } from './session.tsx';

/** Authenticated area: anonymous users go to /login, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, loggedOut } = useSession();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'anonymous') {
    const target = location.pathname + location.search + location.hash;
    const to = loggedOut ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
    return <Navigate to={to} replace />;
  }
  return children;
}

/**
 * Sign-in and registration pages: users already signed in when the page opens go on to their workspace.
 * A sign-in made by the page itself does not redirect here; the page navigates on its own.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  const [settled, setSettled] = useState<SessionStatus | null>(null);
  if (settled === null && status !== 'loading') setSettled(status);
  if (status === 'loading') return <LoadingScreen />;
  // Back to Registration: a user who has not confirmed their email yet may correct what they registered.
  const back = (location.state as { backToRegistration?: boolean } | null)?.backToRegistration === true;
  if (back && user && !user.email_verified) return children;
  if ((settled ?? status) === 'authenticated') return <HomeRedirect />;
  return children;
}

/** A page of the visitor app (a data room a sign-in was for): the browser loads it; this app has no route for it. */
function LeaveFor({ url }: { url: string }) {
  useEffect(() => replaceLocation(url), [url]);
  return <LoadingScreen />;
}

/** Sends a signed-in user to ?redirect=, else the preferred workspace home, else the workspaces page. */
export function HomeRedirect() {
  const location = useLocation();
  const [params] = useState(() => new URLSearchParams(location.search));
  // After Google sign-in, the place saved before leaving (spec §4) when the callback carried none.
  const [saved] = useState(() => (params.get('oidc') === '1' ? takeRedirectLocation() : null));
  const fallback = saved?.startsWith('/login') || saved?.startsWith('/register') ? null : saved;
  const redirect = safeRedirect(params.get('redirect')) ?? safeRedirect(fallback);
  const home = useHomePath(redirect === null);
  if (redirect && isVisitorPath(redirect.split(/[?#]/)[0] ?? '')) return <LeaveFor url={redirect} />;
  if (redirect) return <Navigate to={redirect} replace />;
  if (!home) return <LoadingScreen />;
  return <Navigate to={home} replace />;
}

/** Top-level destinations the spec names without a company (/settings/…, /dashboard/…): under /c/{current}. */
export function CompanyPrefixRedirect({ section }: { section: string }) {
  const { currentAccountId } = useSession();
  const { '*': rest } = useParams();
  const { search, hash } = useLocation();
  const path = [section, rest].filter(Boolean).join('/');
  return <Navigate to={`/c/${currentAccountId ?? 0}/${path}${search}${hash}`} replace />;
}
