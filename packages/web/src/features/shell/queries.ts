import type { MessageResponse } from '@charter/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { useSession } from '../../app/session.tsx';
import type { AccountMe } from './types.ts';

export const accountMeKey = (companyId: number) => ['account', companyId, 'me'] as const;

/**
 * The workspace named in the URL: first an access token for it (from the session), then GET /api/account/me.
 * Disabled on /c/0, where no workspace is chosen.
 */
export function useAccountMe(companyId: number) {
  const { accessTokenFor } = useSession();
  return useQuery({
    queryKey: accountMeKey(companyId),
    queryFn: async () => {
      await accessTokenFor(companyId);
      return apiFetch<AccountMe>('/api/account/me', { auth: 'account', accountId: companyId });
    },
    enabled: companyId > 0,
    retry: false,
    staleTime: 60_000,
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => apiFetch<MessageResponse>('/api/user/confirm/code/resend', { method: 'POST' }),
  });
}

export function useSendPasswordLink() {
  return useMutation({
    mutationFn: () => apiFetch<MessageResponse>('/api/user/settings/password/link', { method: 'POST' }),
  });
}
