import { SESSION_MESSAGES as DOMAIN_SESSION_MESSAGES, REFRESHING_SESSION } from '@charter/domain';
import type { ApiError } from './api-error.ts';

/** Codes that mean the stored tokens are no good any more (spec §4): they are cleared. */
export const SESSION_ERROR_CODES = [
  'JSON_WEB_TOKEN_ERROR',
  'E_INVALID_SESSION',
  'E_SESSION_INVALID',
  'INVALID_JWT',
  'TOKEN_EXPIRED_ERROR',
] as const;

/** The spec's session texts, plus the notice shown while a token is being renewed. */
export const SESSION_MESSAGES = { ...DOMAIN_SESSION_MESSAGES, REFRESHING: REFRESHING_SESSION } as const;

export function isSessionErrorCode(code: string): boolean {
  return (SESSION_ERROR_CODES as readonly string[]).includes(code);
}

/** The message shown when a session error clears the tokens. */
export function sessionErrorMessage(code: string): string {
  if (code === 'E_SESSION_INVALID' || code === 'E_INVALID_SESSION') return SESSION_MESSAGES.E_SESSION_INVALID;
  if (code === 'INVALID_JWT') return SESSION_MESSAGES.INVALID_JWT;
  return SESSION_MESSAGES.EXPIRED;
}

type FailureHandler = (error: ApiError) => void;
type RefreshHandler = (refreshing: boolean) => void;
let failureHandler: FailureHandler | null = null;
let refreshHandler: RefreshHandler | null = null;

/** The SessionProvider registers here to hear about session failures seen by any request. */
export function onSessionFailure(handler: FailureHandler | null) {
  failureHandler = handler;
}

export function reportSessionFailure(error: ApiError) {
  failureHandler?.(error);
}

export function onTokenRefresh(handler: RefreshHandler | null) {
  refreshHandler = handler;
}

export function reportTokenRefresh(refreshing: boolean) {
  refreshHandler?.(refreshing);
}
