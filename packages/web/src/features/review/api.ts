import type { RedlineView, ReviewerInput, ReviewerView } from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';

type WithRedline = { message: string; redline: RedlineView };
const path = (id: number) => `/api/account/pandadoc/documents/${id}`;

/** The owner's redline view of a document (its text, reviewers and suggestions). */
export function useRedline(companyId: number, documentId: number | null) {
  return useQuery({
    queryKey: ['account', companyId, 'redline', documentId],
    queryFn: () => apiFetch<RedlineView>(`${path(documentId ?? 0)}/redline`, { accountId: companyId }),
    enabled: documentId !== null,
  });
}

/** The review calls of one document; each refreshes the redline and the lists that show its status. */
export function useReviewActions(companyId: number, documentId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['account', companyId] });
  const call = <T>(suffix: string, method: 'POST' | 'PUT' | 'PATCH', body?: unknown) =>
    apiFetch<T>(`${path(documentId)}${suffix}`, { method, accountId: companyId, body });
  return {
    setReviewers: useMutation({
      mutationFn: (reviewers: ReviewerInput[]) =>
        call<{ message: string; reviewers: ReviewerView[] }>('/reviewer', 'POST', { reviewers }),
      onSuccess: refresh,
    }),
    setRedlining: useMutation({
      mutationFn: (allowed: boolean) =>
        call<{ message: string }>('/redline', 'PATCH', { redlining_allowed: allowed }),
      onSuccess: refresh,
    }),
    decide: useMutation({
      mutationFn: (input: { id: number; status: 'accepted' | 'rejected' | 'pending' }) =>
        call<WithRedline>(`/suggestions/${input.id}`, 'PUT', { status: input.status }),
      onSuccess: refresh,
    }),
    approveSuggestions: useMutation({
      mutationFn: () => call<WithRedline>('/redline', 'POST', {}),
      onSuccess: refresh,
    }),
    approveForSignature: useMutation({
      mutationFn: () => call<WithRedline>('/approve', 'POST', {}),
      onSuccess: refresh,
    }),
  };
}
