import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { rateLimitCounters } from '../src/db/schema/index.ts';
import { type Counters, databaseCounters } from '../src/http/counters.ts';
import { openScratchDatabase } from './support/scratch-database.ts';

// The counters PostgreSQL instances share (on the embedded database in the PGlite pass, the same SQL).
let database: Database;
let counters: Counters;
beforeAll(async () => {
  database = await openScratchDatabase();
  counters = databaseCounters(database.db);
});
afterAll(() => database.close());

const MINUTE = 60_000;
const rowOf = async (name: string, key: string) =>
  (
    await database.db
      .select()
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.name, name), eq(rateLimitCounters.key, key)))
  )[0];
/** The window of `name`/`key` ends now, as if its minute had passed. */
const endWindow = (name: string, key: string) =>
  database.db
    .update(rateLimitCounters)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(and(eq(rateLimitCounters.name, name), eq(rateLimitCounters.key, key)));

describe('counters in the database', () => {
  it('counts hits per limiter and key within a window, and starts again once it ended', async () => {
    expect((await counters.hit('login', '10.0.0.1', MINUTE)).count).toBe(1);
    const second = await counters.hit('login', '10.0.0.1', MINUTE);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(MINUTE - 5_000);
    expect(second.ttlMs).toBeLessThanOrEqual(MINUTE);
    // Another key, and the same key of another limiter, count apart.
    expect((await counters.hit('login', '10.0.0.2', MINUTE)).count).toBe(1);
    expect((await counters.hit('reset', '10.0.0.1', MINUTE)).count).toBe(1);

    await endWindow('login', '10.0.0.1');
    expect((await counters.hit('login', '10.0.0.1', MINUTE)).count).toBe(1);
  });

  it('counts hits that arrive together exactly once each', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => counters.hit('burst', 'key', MINUTE)));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('clears one key', async () => {
    await counters.hit('device', 'a', MINUTE);
    await counters.hit('device', 'b', MINUTE);
    await counters.clear('device', 'a');
    expect(await rowOf('device', 'a')).toBeUndefined();
    expect((await rowOf('device', 'b'))?.count).toBe(1);
  });

  it('deletes the rows of ended windows (a fresh instance prunes at its first hit)', async () => {
    await counters.hit('old', 'gone', MINUTE);
    await endWindow('old', 'gone');
    await counters.hit('old', 'kept', MINUTE);
    await databaseCounters(database.db).hit('other', 'key', MINUTE);
    expect(await rowOf('old', 'gone')).toBeUndefined();
    expect(await rowOf('old', 'kept')).toBeDefined();
  });
});
