import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/** Which attempt this is; `final` when a failure now will not be retried. */
export type JobAttempt = { number: number; final: boolean };
export type JobHandler = (payload: Record<string, unknown>, attempt: JobAttempt) => Promise<void>;

export type JobQueue = {
  /** Adds a job inside the caller's transaction, so it exists exactly when the work it follows does. */
  enqueue(tx: Tx, kind: string, payload: Record<string, unknown>): Promise<void>;
  register(kind: string, handler: JobHandler): void;
  /** Wakes the worker now instead of at its next poll. */
  poke(): void;
  /** Runs every ready job until none is left (tests and CLI). */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

const POLL_MS = 1000;
const STALE_LOCK = sql`now() - interval '5 minutes'`;
const backoffSeconds = (attempts: number) => Math.min(3600, 2 ** attempts * 5);

export function createJobQueue(db: Db, log: FastifyBaseLogger): JobQueue {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function claim() {
    // Jobs left running by a crashed process are taken up again.
    await db
      .update(jobs)
      .set({ status: 'queued', lockedAt: null })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, STALE_LOCK)));
    const rows = await db.execute<{ id: number }>(sql`
      UPDATE jobs SET status = 'running', locked_at = now(), attempts = attempts + 1
      WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now()
                  ORDER BY run_at, id FOR UPDATE SKIP LOCKED LIMIT 1)
      RETURNING id`);
    const id = rows.rows[0]?.id;
    if (id === undefined) return null;
    const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
    return job ?? null;
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload, { number: job.attempts, final: job.attempts >= job.maxAttempts });
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(), lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const failed = job.attempts >= job.maxAttempts;
      log.warn({ err: error, job: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      await db
        .update(jobs)
        .set({
          status: failed ? 'failed' : 'queued',
          lockedAt: null,
          lastError: String(error instanceof Error ? error.message : error),
          runAt: sql`now() + ${`${backoffSeconds(job.attempts)} seconds`}::interval`,
        })
        .where(eq(jobs.id, job.id));
    }
    return true;
  }

  async function drainLoop(): Promise<number> {
    let count = 0;
    while (await runOne()) count++;
    return count;
  }

  function drain(): Promise<number> {
    if (!running) running = drainLoop().finally(() => (running = null));
    return running;
  }

  function schedule(delay: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      drain()
        .catch((error) => log.error({ err: error }, 'job worker error'))
        .finally(() => schedule(POLL_MS));
    }, delay);
  }

  return {
    async enqueue(tx, kind, payload) {
      await tx.insert(jobs).values({ kind, payload });
      // The caller's transaction commits right after; give it a moment before the worker looks.
      schedule(50);
    },
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    poke: () => schedule(0),
    drain,
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
