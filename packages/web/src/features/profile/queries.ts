import type { MessageResponse } from '@charter/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { useSession } from '../../app/session.tsx';
import type { Authenticator, PasswordInput, Profile, ProfileInput } from './types.ts';

export const profileKey = ['user', 'profile'] as const;
export const authenticatorsKey = ['user', 'authenticators'] as const;
const AUTHENTICATORS = '/api/v1/user/authenticators';
const SETTINGS_AUTHENTICATORS = '/api/user/settings/authenticators';

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: () => apiFetch<Profile>('/api/user/settings/profile'),
    retry: false,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn: (body: ProfileInput) =>
      apiFetch<Profile>('/api/user/settings/profile', { method: 'PUT', body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey, profile);
      return refreshUser().catch(() => undefined);
    },
  });
}

export function useChangePassword() {
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn: (body: PasswordInput) =>
      apiFetch<MessageResponse>('/api/user/settings/password', { method: 'PUT', body }),
    onSuccess: () => refreshUser().catch(() => undefined),
  });
}

export function useAuthenticators() {
  return useQuery({ queryKey: authenticatorsKey, queryFn: () => apiFetch<Authenticator[]>(AUTHENTICATORS) });
}

/** Every authenticator change reloads the list and the user (email and verification may change). */
function useAuthenticatorMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: authenticatorsKey });
      await queryClient.invalidateQueries({ queryKey: profileKey });
      await refreshUser().catch(() => undefined);
    },
  });
}

export function useAddAuthenticator() {
  return useAuthenticatorMutation((email: string) =>
    apiFetch<Authenticator>(SETTINGS_AUTHENTICATORS, { method: 'POST', body: { email } }),
  );
}

/** The emailed six-digit code travels as `password`, formatted 123-456. */
export function useVerifyAuthenticator() {
  return useAuthenticatorMutation(({ email, code }: { email: string; code: string }) =>
    apiFetch<Authenticator>(SETTINGS_AUTHENTICATORS, { method: 'PUT', body: { email, password: code } }),
  );
}

export function useMakePrimaryAuthenticator() {
  return useAuthenticatorMutation((id: number) =>
    apiFetch(`${AUTHENTICATORS}/${id}`, { method: 'PATCH', body: { priority: 0 } }),
  );
}

export function useRemoveAuthenticator() {
  return useAuthenticatorMutation((id: number) => apiFetch(`${AUTHENTICATORS}/${id}`, { method: 'DELETE' }));
}
