import type { SessionUser } from '@charter/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';
import { apiFetch } from '../api/client.ts';
import { recoverIdTokenFromCookie } from '../api/token-renewal.ts';
import { getStoredIdToken } from '../api/token-storage.ts';

export type StaffSession =
  | { status: 'loading' }
  | { status: 'anonymous' }
  /** Signed in, but not staff, or staff acting as someone else (remote login). */
  | { status: 'denied'; me: SessionUser }
  | { status: 'staff'; me: SessionUser };

/** Who is signed in: the workspace app's session (its id_token, else the session cookie). */
export function useStaffSession(): StaffSession {
  const me = useQuery({
    queryKey: ['staff', 'me'],
    queryFn: async () => {
      const token = getStoredIdToken() ?? (await recoverIdTokenFromCookie());
      if (!token) return null;
      try {
        return await apiFetch<SessionUser>('/api/user/me', { auth: 'id' });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (me.isPending) return { status: 'loading' };
  if (!me.data) return { status: 'anonymous' };
  if (!me.data.is_staff || me.data.impersonator_id !== null) return { status: 'denied', me: me.data };
  return { status: 'staff', me: me.data };
}
