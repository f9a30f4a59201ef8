import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { describeFailure, isDatabaseUnavailable } from '../db/resilience.ts';
import { jobs } from '../db/schema/index.ts';
import { pruneJobs, type Redact } from './prune.ts';

/** Which attempt this is; `final` when a failure now will not be retried. */
export type JobAttempt = { number: number; final: boolean };
export type JobHandler = (payload: Record<string, unknown>, attempt: JobAttempt) => Promise<void>;
export type JobKindOptions = {
  /**
   * The payload holds secrets (one-time codes, sign-in links): a finished job does not keep it. Done,
   * it is deleted; failed for good, its payload is cut down to what this keeps, for staff to see.
   */
  redact?: Redact;
  /**
   * Fails the job's work for good (the document shows Sealing failed, the task Failed with a Retry), in
   * the transaction that marks the job failed: after its last attempt failed, and when the worker of its
   * last attempt died (a handler that crashes its process never reaches its own catch).
   */
  onGiveUp?: (payload: Record<string, unknown>, reason: string, tx: Tx) => Promise<void>;
  /** Staff Retry: puts the work back into the state the handler works from, in the retry's transaction. */
  onRetry?: (payload: Record<string, unknown>, tx: Tx) => Promise<void>;
};

export type JobQueue = {
  /** Adds a job inside the caller's transaction, so it exists exactly when the work it follows does. */
  enqueue(tx: Tx, kind: string, payload: Record<string, unknown>): Promise<void>;
  register(kind: string, handler: JobHandler, options?: JobKindOptions): void;
  /** A failed or stuck job is run again: its kind's onRetry reopens the work, in the caller's transaction. */
  reopen(tx: Tx, kind: string, payload: Record<string, unknown>): Promise<void>;
  /** Wakes the worker now instead of at its next poll. */
  poke(): void;
  /** Runs every ready job until none is left (tests and CLI). */
  drain(): Promise<number>;
  /** Deletes finished jobs that are no longer needed (see prune.ts); returns how many. */
  prune(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export type JobQueueOptions = {
  /**
   * This process is the database's only worker (the embedded database): every job still 'running' when
   * it first looks was left by a process that died, and is queued again at once.
   */
  singleProcess?: boolean;
  /** How often a running job's lock is refreshed. */
  heartbeatMs?: number;
  /** A running job whose lock is older than this belongs to a dead worker and is taken up again. */
  staleAfterMs?: number;
};

const POLL_MS = 1000;
/** A running job whose lock is older than this belongs to a dead worker (the staff console calls it stuck). */
export const JOB_STALE_AFTER_MS = 45_000;
const MAX_IDLE_MS = 30_000;
const PRUNE_MS = 60 * 60_000;
export const ABANDONED_ON_LAST_ATTEMPT =
  'The worker running its last attempt stopped before it finished; not tried again.';

const backoffSeconds = (attempts: number) => Math.min(3600, 2 ** attempts * 5);

export function createJobQueue(db: Db, log: FastifyBaseLogger, options: JobQueueOptions = {}): JobQueue {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const staleAfterMs = options.staleAfterMs ?? JOB_STALE_AFTER_MS;
  const handlers = new Map<string, JobHandler>();
  const redactions = new Map<string, Redact>();
  const kinds = new Map<string, JobKindOptions>();
  let timer: NodeJS.Timeout | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  let pruning: Promise<unknown> | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  let recovered = !options.singleProcess;
  let failures = 0;

  async function recoverAbandoned() {
    if (!recovered) {
      const reset = await db
        .update(jobs)
        .set({ status: 'queued', lockedAt: null })
        .where(eq(jobs.status, 'running'))
        .returning({ id: jobs.id });
      recovered = true;
      if (reset.length)
        log.warn({ jobs: reset.map((j) => j.id) }, 'jobs left running by a stopped process queued again');
    }
    // On a shared database, a worker that stops refreshing its lock has died.
    await db
      .update(jobs)
      .set({ status: 'queued', lockedAt: null })
      .where(
        and(
          eq(jobs.status, 'running'),
          lt(jobs.lockedAt, sql`now() - ${staleAfterMs} * interval '1 millisecond'`),
        ),
      );
  }

  async function claim() {
    await recoverAbandoned();
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
    const redact = redactions.get(job.kind);
    // `attempts` was raised by this claim: it fences every later write, so a worker that lost its job
    // to another (after a pause longer than staleAfterMs) cannot overwrite the other's outcome.
    const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'running'));
    // Taken up again after its last attempt's worker died (a crash, or a kill for memory): a job that
    // takes its worker down must fail for good, through its own failure path, not crash every process
    // that claims it.
    if (job.attempts > job.maxAttempts) {
      log.error({ job: job.id, kind: job.kind, attempts: job.attempts }, ABANDONED_ON_LAST_ATTEMPT);
      await failForGood(job, mine, ABANDONED_ON_LAST_ATTEMPT);
      return true;
    }
    const heartbeat = setInterval(() => {
      db.update(jobs)
        .set({ lockedAt: sql`now()` })
        .where(mine)
        .catch((error) => log.warn({ reason: describeFailure(error), job: job.id }, 'job heartbeat failed'));
    }, heartbeatMs);
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload, { number: job.attempts, final: job.attempts >= job.maxAttempts });
      clearInterval(heartbeat);
      if (redact) await db.delete(jobs).where(mine);
      else await db.update(jobs).set({ status: 'done', finishedAt: new Date(), lastError: null }).where(mine);
    } catch (error) {
      clearInterval(heartbeat);
      const reason = String(error instanceof Error ? error.message : error);
      log.warn({ err: error, job: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      if (job.attempts >= job.maxAttempts) await failForGood(job, mine, reason);
      else {
        await db
          .update(jobs)
          .set({
            status: 'queued',
            lockedAt: null,
            lastError: reason,
            runAt: sql`now() + ${`${backoffSeconds(job.attempts)} seconds`}::interval`,
          })
          .where(mine);
      }
    }
    return true;
  }

  /**
   * The job is failed and its kind's onGiveUp run in one transaction: the work shows its failure exactly
   * when the job does, and only the worker that still owns the job (`mine`) speaks for it. Should the
   * failure path itself throw, the job is failed without it (a loop of give-ups helps no one); staff see
   * why in its last error.
   */
  async function failForGood(job: typeof jobs.$inferSelect, mine: SQL | undefined, reason: string) {
    const redact = redactions.get(job.kind);
    const onGiveUp = kinds.get(job.kind)?.onGiveUp;
    const failed = {
      status: 'failed',
      lockedAt: null,
      lastError: reason,
      finishedAt: new Date(),
      ...(redact ? { payload: { ...redact(job.payload), redacted: true } } : {}),
    };
    try {
      await db.transaction(async (tx) => {
        const [owned] = await tx.update(jobs).set(failed).where(mine).returning({ id: jobs.id });
        if (owned && onGiveUp) await onGiveUp(job.payload, reason, tx);
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      log.error({ err: error, job: job.id, kind: job.kind }, 'job failure path failed');
      const why = describeFailure(error);
      await db
        .update(jobs)
        .set({ ...failed, lastError: `${reason} (then its failure path failed: ${why})` })
        .where(mine);
    }
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

  const prune = () => pruneJobs(db, redactions);

  function schedule(delay: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      drain().then(
        () => {
          if (failures > 0) log.info({}, 'job worker running again');
          failures = 0;
          schedule(POLL_MS);
        },
        (error) => {
          // While the database is away the worker backs off instead of failing every second.
          if (!isDatabaseUnavailable(error)) log.error({ err: error }, 'job worker error');
          else if (failures === 0) {
            log.warn({ reason: describeFailure(error) }, 'job worker: database unavailable, backing off');
          }
          failures++;
          schedule(Math.min(POLL_MS * 2 ** failures, MAX_IDLE_MS));
        },
      );
    }, delay);
  }

  return {
    async enqueue(tx, kind, payload) {
      await tx.insert(jobs).values({ kind, payload });
      // The caller's transaction commits right after; give it a moment before the worker looks.
      schedule(50);
    },
    register(kind, handler, kindOptions = {}) {
      handlers.set(kind, handler);
      kinds.set(kind, kindOptions);
      if (kindOptions.redact) redactions.set(kind, kindOptions.redact);
    },
    async reopen(tx, kind, payload) {
      await kinds.get(kind)?.onRetry?.(payload, tx);
    },
    poke: () => schedule(0),
    drain,
    prune,
    start() {
      stopped = false;
      schedule(0);
      const pruneNow = () => {
        pruning ??= prune()
          .catch((error) => log.warn({ reason: describeFailure(error) }, 'finished jobs not pruned'))
          .finally(() => (pruning = null));
      };
      pruneNow();
      pruneTimer = setInterval(pruneNow, PRUNE_MS);
      pruneTimer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (pruneTimer) clearInterval(pruneTimer);
      await Promise.all([running, pruning]);
    },
  };
}
