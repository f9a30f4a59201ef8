import type { PartnerSsoBody, PartnerSsoView } from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';

export const partnerSsoKey = (partnerId: number) => ['user', 'partner', partnerId, 'sso'] as const;
const url = (partnerId: number) => `/api/user/partner/${partnerId}/sso`;

export function usePartnerSso(partnerId: number) {
  return useQuery({
    queryKey: partnerSsoKey(partnerId),
    queryFn: () => apiFetch<PartnerSsoView>(url(partnerId)),
    retry: false,
  });
}

export function useSavePartnerSso(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerSsoBody) => apiFetch<PartnerSsoView>(url(partnerId), { method: 'PUT', body }),
    onSuccess: (view) => queryClient.setQueryData(partnerSsoKey(partnerId), view),
  });
}

export function useClearPartnerSso(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<PartnerSsoView>(url(partnerId), { method: 'DELETE' }),
    onSuccess: (view) => queryClient.setQueryData(partnerSsoKey(partnerId), view),
  });
}
