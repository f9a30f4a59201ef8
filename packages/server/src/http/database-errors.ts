import { isDatabaseUnavailable, outcomeOf } from '../db/resilience.ts';
import { requestMayHaveWritten } from '../db/write-ledger.ts';
import { AppError } from './errors.ts';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable. Nothing was saved; please try again in a moment.';
export const OUTCOME_UNKNOWN_MESSAGE =
  'The connection to the database was lost while saving: your change may have been saved. Reload before trying again.';
/** PostgreSQL's disk_full (SQLSTATE 53100), answered 507 STORAGE_FULL like a full disk under an upload. */
export const DATABASE_FULL_MESSAGE = 'The server is out of storage space; your change was not saved.';
/** Seconds a client should wait before retrying a request answered DATABASE_UNAVAILABLE. */
export const DATABASE_RETRY_AFTER = 5;

/**
 * The answer to a failure of the database itself (down, unreachable, too slow), or null for any other
 * error. 503 only when nothing of the request can have been saved; a request that may have written
 * says so instead, so a client never retries a write that in fact went through.
 */
export function databaseFailure(error: unknown): AppError | null {
  const outcome = outcomeOf(error);
  if (!outcome || !isDatabaseUnavailable(error)) return null;
  if (outcome === 'not-committed' && !requestMayHaveWritten()) {
    return Object.assign(new AppError('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE), {
      retryAfter: DATABASE_RETRY_AFTER,
    });
  }
  return new AppError('OUTCOME_UNKNOWN', OUTCOME_UNKNOWN_MESSAGE);
}
