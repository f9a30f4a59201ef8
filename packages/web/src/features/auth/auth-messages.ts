import { INVALID_CREDENTIALS_MESSAGE } from '@charter/domain';
import { ApiError } from '../../api/api-error.ts';

export const LOGIN_ERROR = 'There was an error while logging you in.';
export const REGISTER_ERROR = 'There was an error while creating your account.';
export const VERIFY_ERROR = 'There was an error while verifying your code.';
export const CONFIRM_CODE_ERROR = "That code wasn't valid. Double Check and try again.";
export const FORGOT_PASSWORD_MESSAGE =
  "If there's an account linked to this email address, you will receive reset instructions in your inbox.";

/** Spec §8: INVALID_CREDENTIALS -> 'Password is incorrect'; else the server's message; else the generic one. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_CREDENTIALS') return INVALID_CREDENTIALS_MESSAGE;
    if (error.hasServerMessage || error.status === 0) return error.message;
  }
  return LOGIN_ERROR;
}

/** Spec §8: EMAIL_ALREADY_EXISTS shows the server's message; anything else the generic one. */
export function registerErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_EXISTS' && error.hasServerMessage) {
    return error.message;
  }
  if (error instanceof ApiError && error.status === 0) return error.message;
  return REGISTER_ERROR;
}

/** The first field message of a VALIDATION_ERROR, for forms that show one error line. */
export function fieldMessage(error: unknown, field: string): string | null {
  return error instanceof ApiError ? (error.fields[field] ?? null) : null;
}
