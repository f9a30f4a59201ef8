import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

/** One count in a fixed window: how many hits so far, and how long until the window ends. */
export type Count = { count: number; ttlMs: number };

/**
 * Counters in fixed windows, per limiter name and key: the rate limits (@fastify/rate-limit) and attempt
 * budgets (attempt-limiter.ts) count here. On PostgreSQL they live in the database, so every instance
 * behind a load balancer spends the same budget; the embedded database has one process, which keeps
 * them in memory.
 */
export type Counters = {
  /** Adds one to the key's count, starting a new window when the last one has ended. */
  hit(name: string, key: string, windowMs: number): Promise<Count>;
  clear(name: string, key: string): Promise<void>;
};

/** Beyond this many keys, ended windows are dropped (a flood of addresses cannot grow the map for ever). */
const MAX_MEMORY_KEYS = 50_000;

export function memoryCounters(): Counters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(name, key, windowMs) {
      const now = Date.now();
      if (windows.size > MAX_MEMORY_KEYS) {
        for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
      }
      const id = `${name}\n${key}`;
      const entry = windows.get(id);
      if (!entry || entry.resetAt <= now) {
        windows.set(id, { count: 1, resetAt: now + windowMs });
        return { count: 1, ttlMs: windowMs };
      }
      entry.count += 1;
      return { count: entry.count, ttlMs: entry.resetAt - now };
    },
    async clear(name, key) {
      windows.delete(`${name}\n${key}`);
    },
  };
}

/** Ended windows are deleted at most this often per instance, by the hit that finds it is time. */
const PRUNE_MS = 10 * 60_000;

export function databaseCounters(db: Db): Counters {
  let prunedAt = 0;
  const t = rateLimitCounters;
  const ended = sql`${t.resetAt} <= now()`;
  return {
    async hit(name, key, windowMs) {
      // One statement, atomic under concurrent hits from any instance; the window is the database's
      // clock, so instances whose clocks differ still agree on it.
      const [row] = await db
        .insert(t)
        .values({
          name,
          key,
          count: 1,
          resetAt: sql`now() + ${windowMs}::integer * interval '1 millisecond'`,
        })
        .onConflictDoUpdate({
          target: [t.name, t.key],
          set: {
            count: sql`case when ${ended} then 1 else ${t.count} + 1 end`,
            resetAt: sql`case when ${ended} then excluded.reset_at else ${t.resetAt} end`,
          },
        })
        .returning({
          count: t.count,
          ttlMs: sql<number>`ceil(extract(epoch from ${t.resetAt} - now()) * 1000)::integer`,
        });
      if (Date.now() - prunedAt > PRUNE_MS) {
        prunedAt = Date.now();
        await db.delete(t).where(lt(t.resetAt, sql`now()`));
      }
      return row as Count;
    },
    async clear(name, key) {
      await db.delete(t).where(and(eq(t.name, name), eq(t.key, key)));
    },
  };
}
