import type {
  ChallengeReceipt,
  ChallengeSignInResponse,
  ChallengeTemplate,
  EmailCheck,
  EmailConfirmation,
  MessageResponse,
  PasswordStrength,
  RegisterUserBody,
  RegistrationResponse,
  RemoteLoginResponse,
  ResetPasswordResponse,
  SignInResponse,
} from '@charter/domain';
import { apiFetch } from '../../api/client.ts';

/** The server's answers and bodies, as the domain declares them. */
export type { ChallengeTemplate } from '@charter/domain';
export type Registration = RegisterUserBody;

export const checkEmail = (email: string) =>
  apiFetch<EmailCheck>(`/api/public/auth/email/${encodeURIComponent(email.trim())}`, { auth: 'none' });

export const loginWithPassword = (email: string, password: string) =>
  apiFetch<SignInResponse>('/api/authn/session/credentials', {
    method: 'POST',
    auth: { basic: `${email.trim()}:${password}` },
  });

export const registerUser = (body: Registration) =>
  apiFetch<RegistrationResponse>('/api/authn/session/credentials', {
    method: 'POST',
    auth: { basic: `${body.email}:${body.password}` },
    body,
  });

export const requestChallenge = (
  email: string,
  template: ChallengeTemplate,
  create = false,
  state?: string,
) =>
  apiFetch<ChallengeReceipt>('/api/authn/challenge', {
    method: 'POST',
    auth: 'none',
    body: {
      identifier: { type: 'email', value: email.trim() },
      template,
      state,
      ...(create ? { create } : {}),
    },
  });

export const redeemChallenge = (id: string, code: string) =>
  apiFetch<ChallengeSignInResponse>(`/api/authn/session/challenge/${encodeURIComponent(id)}`, {
    method: 'POST',
    auth: 'none',
    body: { code },
  });

export const requestPasswordReset = (email: string) =>
  apiFetch<MessageResponse>('/api/public/user/password/forgot', {
    method: 'PATCH',
    auth: 'none',
    body: { email: email.trim() },
  });

export const checkPassword = (password: string) =>
  apiFetch<PasswordStrength>('/api/public/auth/check-password', {
    auth: { basic: `:${password}` },
  });

export const resetPassword = (code: string, password: string) =>
  apiFetch<ResetPasswordResponse>('/api/public/user/password/reset/', {
    method: 'POST',
    auth: 'none',
    body: { code, password },
  });

export const confirmEmail = (code: string) =>
  apiFetch<EmailConfirmation>(`/api/user/confirm/${encodeURIComponent(code)}`, { auth: 'id' });

export const resendConfirmationCode = () =>
  apiFetch<MessageResponse>('/api/user/confirm/code/resend', { method: 'POST', auth: 'id' });

export const remoteLogin = (userId: string, accountId: string, reason: string) =>
  apiFetch<RemoteLoginResponse>('/api/authn/session/remote', {
    method: 'POST',
    auth: 'id',
    body: { user_id: asId(userId), account_id: asId(accountId), reason },
  });

function asId(value: string): number | string {
  return /^\d+$/.test(value) ? Number(value) : value;
}
