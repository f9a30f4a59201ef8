import type { Counters } from './counters.ts';
import { AppError } from './errors.ts';

/**
 * Counts attempts per key in a fixed window, in `counters` (the database on PostgreSQL, so every instance
 * spends one budget). Used where the client address alone is not the right key, e.g. password attempts
 * against one email from many addresses. `name` tells this limiter's keys from every other's.
 */
export function createAttemptLimiter(counters: Counters, name: string, max: number, windowMs: number) {
  return {
    /** Throws a 429 carrying the seconds to wait; call it before any expensive work. */
    async hit(key: string): Promise<void> {
      const { count, ttlMs } = await counters.hit(name, key, windowMs);
      if (count > max) {
        const error = new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.');
        Object.assign(error, { retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)) });
        throw error;
      }
    },
    /** After a success: the budget limits guesses, so someone who knows the password is not locked out. */
    clear(key: string): Promise<void> {
      return counters.clear(name, key);
    },
  };
}
