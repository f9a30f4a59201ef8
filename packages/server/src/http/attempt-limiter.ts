import { AppError } from './errors.ts';

/**
 * Counts attempts per key in a fixed window (in memory, per instance). Used where the client address
 * alone is not the right key, e.g. password attempts against one email from many addresses.
 */
export function createAttemptLimiter(max: number, windowMs: number) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Throws a 429 carrying the seconds to wait; call it before any expensive work. */
    hit(key: string): void {
      const now = Date.now();
      if (hits.size > 50_000) {
        for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
      }
      const entry = hits.get(key);
      if (!entry || entry.resetAt <= now) {
        hits.set(key, { count: 1, resetAt: now + windowMs });
        return;
      }
      entry.count += 1;
      if (entry.count > max) {
        const error = new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.');
        Object.assign(error, { retryAfter: Math.ceil((entry.resetAt - now) / 1000) });
        throw error;
      }
    },
    /** After a success: the budget limits guesses, so someone who knows the password is not locked out. */
    clear(key: string): void {
      hits.delete(key);
    },
  };
}
