import type { ApiError } from './api-error.ts';

/** Codes that mean the stored tokens are no good any more (spec §4): they are cleared. */
export const SESSION_ERROR_CODES = [
  'JSON_WEB_TOKEN_ERROR',
  'E_INVALID_SESSION',
  'E_SESSION_INVALID',
  'INVALID_JWT',
  'TOKEN_EXPIRED_ERROR',
] as const;

export const SESSION_MESSAGES = {
  E_SESSION_INVALID: 'Your Session has failed to validate or expired, please login to continue.',
  INVALID_JWT: 'Your Workspace Session has expired, please refresh your page.',
  INVALID_JWT_ISS: 'Your authentication session is invalid, please log out and log in again to continue.',
  DEVELOPER_ERROR:
    "We're experiencing issues related to your session, if issues persist after refresh, please contact support.",
  EXPIRED: 'Your session has expired or failed to validate, please log in to continue.',
  LOGOUT_ON_EXPIRY: 'Your Workspace Session has expired, please log back in to continue.',
  MISSING_COOKIE: 'Missing or expired cookie session. Please login again.',
  INACTIVITY:
    'You have been logged out due to inactivity. Please login again. Any progress will have been saved.',
  REFRESHING: 'refreshing your session token...',
} as const;

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
