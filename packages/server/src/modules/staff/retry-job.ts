import type { StaffJobView } from '@charter/domain';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { isStuck } from './list-jobs.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffJob } from './presenters.ts';
import { recordStaffAction } from './record-staff-action.ts';

export const ONLY_FAILED_OR_STUCK = 'Only a failed or stuck job can be retried.';

/** How many more tries a retry gives a job. */
export const RETRY_ATTEMPTS = 3;

/**
 * POST /api/staff/jobs/{id}/retry: a failed or stuck job is queued to run now with RETRY_ATTEMPTS more
 * tries, and its kind reopens the work it failed (a document back to sealing, a task back to Processing)
 * so that the run redoes it rather than finding nothing to do. Its attempt count only grows: the queue
 * fences a worker's writes by it, so a stuck job's slow worker, should it wake, cannot overwrite the
 * retried run's outcome.
 */
export async function retryJob({
  tx,
  jobs: queue,
  actor,
  id,
  ip,
}: {
  tx: Tx;
  jobs: JobQueue;
  actor: UserActor;
  id: number;
  ip?: string;
}): Promise<StaffJobView> {
  authorizeStaff(actor);
  const [before] = await tx.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  if (!before) throw notFound('No such job');
  const [job] = await tx
    .update(jobs)
    .set({
      status: 'queued',
      maxAttempts: sql`${jobs.attempts} + ${RETRY_ATTEMPTS}`,
      runAt: sql`now()`,
      lockedAt: null,
      finishedAt: null,
    })
    .where(and(eq(jobs.id, id), or(eq(jobs.status, 'failed'), isStuck)))
    .returning();
  if (!job) throw new AppError('CONFLICT', ONLY_FAILED_OR_STUCK);
  await queue.reopen(tx, job.kind, job.payload);
  await recordStaffAction(
    tx,
    actor,
    'job_retry',
    {
      job_id: id,
      kind: job.kind,
      was: before.status,
      attempts: before.attempts,
      last_error: before.lastError,
    },
    { ip },
  );
  return presentStaffJob(job);
}
