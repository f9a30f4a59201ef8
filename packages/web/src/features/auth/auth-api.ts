import { apiFetch } from '../../api/client.ts';
import type { SessionUser } from '../../app/session.tsx';

export type EmailCheck = { password_allowed: boolean; email_verified: boolean };
export type SessionAnswer = { id_token: string; user?: SessionUser; account_id?: number | null };
export type ChallengeTemplate = 'magic-link' | 'verification-email';
export type Challenge = { id: string; receipt: string };

export type Registration = {
  email: string;
  password: string;
  first_name: string;
  family_name: string;
  create: true;
  tos: true;
  company?: { company_name: string; features: { feature_type_id: number; value: string }[] };
};

export const checkEmail = (email: string) =>
  apiFetch<EmailCheck>(`/api/public/auth/email/${encodeURIComponent(email.trim())}`, { auth: 'none' });

export const loginWithPassword = (email: string, password: string) =>
  apiFetch<SessionAnswer>('/api/authn/session/credentials', {
    method: 'POST',
    auth: { basic: `${email.trim()}:${password}` },
  });

export const registerUser = (body: Registration) =>
  apiFetch<SessionAnswer>('/api/authn/session/credentials', {
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
  apiFetch<Challenge>('/api/authn/challenge', {
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
  apiFetch<SessionAnswer>(`/api/authn/session/challenge/${encodeURIComponent(id)}`, {
    method: 'POST',
    auth: 'none',
    body: { code },
  });

export const requestPasswordReset = (email: string) =>
  apiFetch<{ message: string }>('/api/public/user/password/forgot', {
    method: 'PATCH',
    auth: 'none',
    body: { email: email.trim() },
  });

export const checkPassword = (password: string) =>
  apiFetch<{ valid: boolean; message?: string | null }>('/api/public/auth/check-password', {
    auth: { basic: `:${password}` },
  });

export const resetPassword = (code: string, password: string) =>
  apiFetch<{ message: string }>('/api/public/user/password/reset/', {
    method: 'POST',
    auth: 'none',
    body: { code, password },
  });

export const confirmEmail = (code: string) =>
  apiFetch<{ email_verified: boolean }>(`/api/user/confirm/${encodeURIComponent(code)}`, { auth: 'id' });

export const resendConfirmationCode = () =>
  apiFetch<{ message: string }>('/api/user/confirm/code/resend', { method: 'POST', auth: 'id' });

export const remoteLogin = (userId: string, accountId: string) =>
  apiFetch<{ id_token: string; access_token: string }>('/api/authn/session/remote', {
    method: 'POST',
    auth: 'id',
    body: { user_id: asId(userId), account_id: asId(accountId) },
  });

function asId(value: string): number | string {
  return /^\d+$/.test(value) ? Number(value) : value;
}
