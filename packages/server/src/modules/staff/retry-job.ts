import type { StaffJobView } from '@charter/domain';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { isStuck } from './list-jobs.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffJob } from './presenters.ts';
import { recordStaffAction } from './record-staff-action.ts';

export const ONLY_FAILED_OR_STUCK = 'Only a failed or stuck job can be retried.';

/** POST /api/staff/jobs/{id}/retry: a failed or stuck job is queued to run now, its attempts reset. */
export async function retryJob({
  tx,
  actor,
  id,
  ip,
}: {
  tx: Tx;
  actor: UserActor;
  id: number;
  ip?: string;
}): Promise<StaffJobView> {
  authorizeStaff(actor);
  const [before] = await tx.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  if (!before) throw notFound('No such job');
  const [job] = await tx
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAt: sql`now()`, lockedAt: null, finishedAt: null })
    .where(and(eq(jobs.id, id), or(eq(jobs.status, 'failed'), isStuck)))
    .returning();
  if (!job) throw new AppError('CONFLICT', ONLY_FAILED_OR_STUCK);
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
