import type { SaveSharedLinkBody, SharedLinkList, SharedLinkView } from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';

const base = '/api/account/shared_link';

export const sharedLinkKeys = {
  all: (companyId: number) => ['account', companyId, 'shared-links'] as const,
};

/** The workspace's Share File Cabinet links (GET /api/account/shared_link). */
export function useSharedLinks(companyId: number) {
  return useQuery({
    queryKey: sharedLinkKeys.all(companyId),
    queryFn: () => apiFetch<SharedLinkList>(base, { accountId: companyId }),
  });
}

/** POST: create the module's link or push its expiry ('Data Room link created/extended'). */
export function useSaveSharedLink(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSharedLinkBody) =>
      apiFetch<SharedLinkView>(base, { method: 'POST', body, accountId: companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedLinkKeys.all(companyId) }),
  });
}

/** PUT: a new code, the old url dies ('New Data Room link created'). */
export function useRegenerateSharedLink(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<SharedLinkView>(base, { method: 'PUT', body: { id }, accountId: companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedLinkKeys.all(companyId) }),
  });
}
