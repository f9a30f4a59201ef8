import type { TakeoverDecisionBody, TakeoverReview } from '@charter/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { accountsKey } from '../workspaces/queries.ts';

/**
 * What an earlier, unproven registration of the user's address set up, waiting for their review
 * (GET /api/user/takeover): nothing for almost everyone.
 */
export const ACCOUNT_REVIEW_PATH = '/c/0/account-review';

const takeoverKey = ['user', 'takeover'] as const;
const takeoverQuery = {
  queryKey: takeoverKey,
  queryFn: () => apiFetch<TakeoverReview>('/api/user/takeover', { auth: 'id' }),
  staleTime: 60_000,
};

export function useTakeoverReview(enabled = true) {
  return useQuery({ ...takeoverQuery, enabled });
}

/** After a sign-in: whether anything waits for review (a failure to ask is not a reason to stop). */
export async function hasPendingReview(queryClient: QueryClient): Promise<boolean> {
  try {
    return (await queryClient.fetchQuery({ ...takeoverQuery, staleTime: 0 })).items.length > 0;
  } catch {
    return false;
  }
}

export function useDecideTakeover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number } & TakeoverDecisionBody) =>
      apiFetch<TakeoverReview>(`/api/user/takeover/${id}`, { method: 'POST', body: { decision } }),
    onSuccess: (review) => {
      queryClient.setQueryData(takeoverKey, review);
      // Removing a workspace leaves it; keeping or removing a member changes its members list.
      void queryClient.invalidateQueries({ queryKey: accountsKey });
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}
