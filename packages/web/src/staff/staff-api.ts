import type {
  BrandBody,
  RemoteLoginResponse,
  StaffAccountDetail,
  StaffAccountPage,
  StaffAuditPage,
  StaffBrandView,
  StaffJobView,
  StaffPartnerBody,
  StaffPartnerMemberBody,
  StaffPartnerMemberView,
  StaffPartnerView,
  StaffUserDetail,
  StaffUserPage,
} from '@charter/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/client.ts';
import {
  clearStoredTokens,
  setCurrentAccountId,
  setStoredAccessToken,
  setStoredIdToken,
} from '../api/token-storage.ts';

/** Staff routes take the session's id_token, as /api/user/* do. */
const staffGet = <T>(path: string) => apiFetch<T>(path, { auth: 'id' });
const staffSend = <T>(method: 'POST' | 'PUT', path: string, body?: unknown) =>
  apiFetch<T>(path, { method, auth: 'id', body });

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const useStaffUsers = (q: string, page: number) =>
  useQuery({
    queryKey: ['staff', 'users', q, page],
    queryFn: () => staffGet<StaffUserPage>(`/api/staff/users${query({ q, page })}`),
    placeholderData: keepPreviousData,
  });

export const useStaffUser = (id: number) =>
  useQuery({
    queryKey: ['staff', 'user', id],
    queryFn: () => staffGet<StaffUserDetail>(`/api/staff/users/${id}`),
  });

export const useStaffAccounts = (q: string, page: number) =>
  useQuery({
    queryKey: ['staff', 'accounts', q, page],
    queryFn: () => staffGet<StaffAccountPage>(`/api/staff/accounts${query({ q, page })}`),
    placeholderData: keepPreviousData,
  });

export const useStaffAccount = (id: number) =>
  useQuery({
    queryKey: ['staff', 'account', id],
    queryFn: () => staffGet<StaffAccountDetail>(`/api/staff/accounts/${id}`),
  });

export const useStaffAudit = (filters: { action?: string; user_id?: string }, page: number) =>
  useQuery({
    queryKey: ['staff', 'audit', filters, page],
    queryFn: () => staffGet<StaffAuditPage>(`/api/staff/audit${query({ ...filters, page })}`),
    placeholderData: keepPreviousData,
  });

export const useStaffJobs = (status: 'failed' | 'stuck') =>
  useQuery({
    queryKey: ['staff', 'jobs', status],
    queryFn: () => staffGet<StaffJobView[]>(`/api/staff/jobs${query({ status })}`),
  });

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => staffSend<StaffJobView>('POST', `/api/staff/jobs/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'jobs'] }),
  });
}

export const useStaffBrands = () =>
  useQuery({ queryKey: ['staff', 'brands'], queryFn: () => staffGet<StaffBrandView[]>('/api/staff/brands') });

export function useSaveBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BrandBody }) =>
      id === null
        ? staffSend<StaffBrandView>('POST', '/api/staff/brands', body)
        : staffSend<StaffBrandView>('PUT', `/api/staff/brands/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'brands'] }),
  });
}

export const useStaffPartners = () =>
  useQuery({
    queryKey: ['staff', 'partners'],
    queryFn: () => staffGet<StaffPartnerView[]>('/api/staff/partners'),
  });

export function useSavePartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StaffPartnerBody }) =>
      id === null
        ? staffSend<StaffPartnerView>('POST', '/api/staff/partners', body)
        : staffSend<StaffPartnerView>('PUT', `/api/staff/partners/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'partners'] }),
  });
}

export function useAddPartnerMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StaffPartnerMemberBody }) =>
      staffSend<StaffPartnerMemberView>('POST', `/api/staff/partners/${id}/members`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'partners'] }),
  });
}

/**
 * Remote login: the session becomes the user's, in that workspace (as /remote-login does), and the
 * workspace app opens there with the impersonation notice. The staff member logs out to be themselves.
 */
export async function logInAs(userId: number, accountId: number, reason: string) {
  const answer = await staffSend<RemoteLoginResponse>('POST', '/api/authn/session/remote', {
    user_id: userId,
    account_id: accountId,
    reason,
  });
  clearStoredTokens();
  setStoredIdToken(answer.id_token);
  setStoredAccessToken(answer.account_id, answer.access_token);
  setCurrentAccountId(answer.account_id);
  window.location.assign(`/c/${answer.account_id}/home`);
}

/** Makes a workspace restricted (role 3: modules 4 and 5 only) or ordinary again. */
export function useSetRestricted(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (restricted: boolean) =>
      staffSend<StaffAccountDetail>('PUT', `/api/staff/accounts/${id}/restricted`, { restricted }),
    onSuccess: (detail) => {
      client.setQueryData(['staff', 'account', id], detail);
      return client.invalidateQueries({ queryKey: ['staff', 'accounts'] });
    },
  });
}
