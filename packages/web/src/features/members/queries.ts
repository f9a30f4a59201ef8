import type {
  AddUserBody,
  AddUserResponse,
  MembersList,
  MemberView,
  UpdateMemberBody,
  UpdateWorkspaceProfileBody,
  WorkspaceProfile,
} from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { accountMeKey } from '../shell/queries.ts';

export const membersKey = (companyId: number) => ['account', companyId, 'members'] as const;
export const workspaceProfileKey = (companyId: number) => ['account', companyId, 'settings-profile'] as const;

const account = (companyId: number) => ({ auth: 'account' as const, accountId: companyId });

export function useMembers(companyId: number, enabled = true) {
  return useQuery({
    queryKey: membersKey(companyId),
    queryFn: () => apiFetch<MembersList>('/api/account/admin/users', account(companyId)),
    enabled,
    retry: false,
  });
}

/** Every member change reloads the list (and `me`: the caller's own role may have changed). */
function useMemberMutation<T, R>(companyId: number, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: membersKey(companyId) });
      await queryClient.invalidateQueries({ queryKey: accountMeKey(companyId) });
    },
  });
}

export const useAddMember = (companyId: number) =>
  useMemberMutation(companyId, (body: AddUserBody) =>
    apiFetch<AddUserResponse>('/api/account/admin/add_user', { ...account(companyId), method: 'POST', body }),
  );

export const useUpdateMember = (companyId: number) =>
  useMemberMutation(companyId, ({ id, ...body }: UpdateMemberBody & { id: number }) =>
    apiFetch<MemberView>(`/api/account/admin/users/${id}`, { ...account(companyId), method: 'PATCH', body }),
  );

export const useRemoveMember = (companyId: number) =>
  useMemberMutation(companyId, (id: number) =>
    apiFetch<void>(`/api/account/remove_user/${id}`, { ...account(companyId), method: 'DELETE' }),
  );

export const useChangeOwner = (companyId: number) =>
  useMemberMutation(companyId, (id: number) =>
    apiFetch<MembersList>(`/api/account/change_owner/${id}`, { ...account(companyId), method: 'PATCH' }),
  );

export const useSetSignatory = (companyId: number) =>
  useMemberMutation(companyId, (id: number) =>
    apiFetch<MembersList>(`/api/account/signatory/${id}`, { ...account(companyId), method: 'PATCH' }),
  );

export function useWorkspaceProfile(companyId: number, enabled = true) {
  return useQuery({
    queryKey: workspaceProfileKey(companyId),
    queryFn: () => apiFetch<WorkspaceProfile>('/api/account/admin/settings/profile', account(companyId)),
    enabled,
    retry: false,
  });
}

export function useUpdateWorkspaceProfile(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceProfileBody) =>
      apiFetch<WorkspaceProfile>('/api/account/admin/settings/profile', {
        ...account(companyId),
        method: 'PUT',
        body,
      }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(workspaceProfileKey(companyId), profile);
      // The top bar's workspace name and the workspaces list show the new name.
      await queryClient.invalidateQueries({ queryKey: accountMeKey(companyId) });
      await queryClient.invalidateQueries({ queryKey: ['user', 'accounts'] });
    },
  });
}
