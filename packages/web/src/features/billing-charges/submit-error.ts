import { SUBSCRIPTION_MESSAGES } from '@charter/domain';
import { errorMessage, isApiError } from '../../api/api-error.ts';

/** Spec 2 §8: a failed finalize's message; a wrong subscription gets the web's suffix. */
export const SUBMIT_FALLBACK = 'An error Has occurred. If error persists, please contact us.';

export function submitErrorMessage(error: unknown): string {
  const message = errorMessage(error, SUBMIT_FALLBACK);
  if (isApiError(error, 'SUBSCRIPTION_REQUIRED') && message === SUBSCRIPTION_MESSAGES.wrong) {
    return `${message} ${SUBSCRIPTION_MESSAGES.wrongSuffix}`;
  }
  return message;
}
