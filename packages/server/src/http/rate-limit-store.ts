import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Counters } from './counters.ts';

/**
 * A store for @fastify/rate-limit that counts in `counters` (the database on PostgreSQL), so the limits
 * hold across every instance behind a load balancer. Each route's limit is a counter name of its own, as
 * in the plugin's Redis store. The plugin's continueExceeding and exponentialBackoff options are not
 * offered (no route uses them).
 */
export function countersStore(counters: Counters): FastifyRateLimitStoreCtor {
  class CountersStore implements FastifyRateLimitStore {
    readonly name: string;
    // The plugin constructs the global store with its options; route stores come from child().
    constructor(_options?: unknown, name = 'rate-limit') {
      this.name = name;
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(this.name, key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child(options: object) {
      // At run time the plugin passes the route's merged limit options, its route under routeInfo.
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new CountersStore(undefined, `rate-limit ${String(route?.method)} ${String(route?.url)}`);
    }
  }
  return CountersStore;
}
