import type {
  AddPartnerMemberBody,
  ConnectedPartnerView,
  MessageResponse,
  PartnerBrandBody,
  PartnerBrandView,
  PartnerCodeView,
  PartnerMemberView,
  TeamView,
} from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';

export const teamsKey = ['user', 'teams'] as const;
const teamFlagsKey = ['user', 'teams', 'flags'] as const;

/** GET /api/user/team: the user's partner teams with members, packages and client workspaces. */
export function useTeams() {
  return useQuery({ queryKey: teamsKey, queryFn: () => apiFetch<TeamView[]>('/api/user/team') });
}

/**
 * Whether the user belongs to any partner team: the shell shows Teams only to partners (spec 1 §6). Asks
 * for the teams alone (no members or clients), and keeps the answer a while.
 */
export function useIsPartner(): boolean {
  const { data } = useQuery({
    queryKey: teamFlagsKey,
    queryFn: () => apiFetch<TeamView[]>('/api/user/team?members=0&packages=0&accounts=0'),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return (data?.length ?? 0) > 0;
}

function useTeamMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKey }),
  });
}

export function useAddPartnerMember(partnerId: number) {
  return useTeamMutation((body: AddPartnerMemberBody) =>
    apiFetch<PartnerMemberView>(`/api/user/partner/add_member/${partnerId}`, { method: 'POST', body }),
  );
}

export function useChangePartnerRole(partnerId: number) {
  return useTeamMutation(({ userId, roleId }: { userId: number; roleId: number }) =>
    apiFetch(`/api/user/partner/${partnerId}/${userId}`, { method: 'PUT', body: { role_id: roleId } }),
  );
}

export function useRemovePartnerMember(partnerId: number) {
  return useTeamMutation((userId: number) =>
    apiFetch<MessageResponse>(`/api/user/partner/${partnerId}/${userId}`, { method: 'DELETE' }),
  );
}

export function useRemovePartnerAccount(partnerId: number) {
  return useTeamMutation((accountId: number) =>
    apiFetch(`/api/user/partner/remove_account/${partnerId}/${accountId}`, { method: 'DELETE' }),
  );
}

const brandKey = (partnerId: number) => ['user', 'partner', partnerId, 'brand'] as const;

export function usePartnerBrand(partnerId: number) {
  return useQuery({
    queryKey: brandKey(partnerId),
    queryFn: () => apiFetch<PartnerBrandView>(`/api/user/partner/${partnerId}/brand`),
  });
}

export function useSavePartnerBrand(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerBrandBody) =>
      apiFetch<PartnerBrandView>(`/api/user/partner/${partnerId}/brand`, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(brandKey(partnerId), saved),
  });
}

/** The workspace side: its connected partners (GET /api/account/partner), connect and disconnect by code. */
const connectionsKey = (companyId: number) => ['account', companyId, 'partners'] as const;

export function useConnectedPartners(companyId: number) {
  return useQuery({
    queryKey: connectionsKey(companyId),
    queryFn: () => apiFetch<ConnectedPartnerView[]>('/api/account/partner', { accountId: companyId }),
  });
}

export const lookupPartnerCode = (code: string) =>
  apiFetch<PartnerCodeView>(`/api/public/partner/code/${encodeURIComponent(code.trim())}`);

function useConnectionMutation<R>(companyId: number, method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<R>(`/api/account/admin/partner/${encodeURIComponent(code.trim())}`, {
        method,
        accountId: companyId,
      }),
    // The workspace's features (partner slug) change with its connections.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', companyId] }),
  });
}

export const useConnectPartner = (companyId: number) =>
  useConnectionMutation<MessageResponse & { partner: ConnectedPartnerView }>(companyId, 'POST');
export const useDisconnectPartner = (companyId: number) => useConnectionMutation<void>(companyId, 'DELETE');
