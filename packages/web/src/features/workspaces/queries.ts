import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import type { NewWorkspace, Workspace } from './types.ts';

export const accountsKey = ['user', 'accounts'] as const;

export function useAccounts() {
  return useQuery({
    queryKey: accountsKey,
    queryFn: () => apiFetch<Workspace[]>('/api/user/accounts'),
    staleTime: 30_000,
  });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWorkspace) =>
      apiFetch<{ account_id: number }>('/api/user/accounts', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

/** Makes a workspace the default one (POST) or stops it being the default (DELETE). */
export function useSetPreferredAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, preferred }: { id: number; preferred: boolean }) =>
      apiFetch<void>(`/api/user/accounts/${id}/preference`, { method: preferred ? 'POST' : 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
