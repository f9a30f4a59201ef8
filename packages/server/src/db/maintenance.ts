import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';

/** Writes (write requests, and rows of batches) after which the embedded database is vacuumed and its statistics refreshed. */
export const WRITES_BEFORE_VACUUM = 1000;
const MIN_INTERVAL_MS = 60_000;
const HOURLY_MS = 60 * 60_000;

/**
 * PGlite runs no autovacuum: without it, updated and deleted rows (answers saved on blur, finished jobs)
 * are never reclaimed and the planner never gets statistics. This does what autovacuum would, in the
 * background: VACUUM ANALYZE after every `writes` writes (at most once a minute) and every hour.
 * PostgreSQL servers have their own autovacuum, so they get none.
 */
export function startMaintenance(
  database: Database,
  log: FastifyBaseLogger,
  options: { writes?: number; minIntervalMs?: number } = {},
) {
  const pglite = database.pglite;
  if (database.driver !== 'pglite' || !pglite) return null;
  const threshold = options.writes ?? WRITES_BEFORE_VACUUM;
  const minInterval = options.minIntervalMs ?? MIN_INTERVAL_MS;
  let writes = 0;
  let lastRun = 0;
  let running: Promise<void> | null = null;

  const run = () => {
    if (running) return running;
    writes = 0;
    lastRun = Date.now();
    const started = performance.now();
    running = pglite
      .exec('VACUUM ANALYZE')
      .then(() => log.debug({ ms: Math.round(performance.now() - started) }, 'database vacuumed'))
      .catch((error) => log.warn({ err: error }, 'database vacuum failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const hourly = setInterval(run, HOURLY_MS);
  hourly.unref();

  return {
    /** Counts `count` writes (a request, or the rows of a batch); starts a vacuum once enough are made. */
    noteWrite(count = 1) {
      writes += count;
      if (writes >= threshold && Date.now() - lastRun >= minInterval) void run();
    },
    run,
    /** Stops the hourly run and waits for one under way. */
    async stop() {
      clearInterval(hourly);
      await running;
    },
  };
}

export type Maintenance = NonNullable<ReturnType<typeof startMaintenance>>;
