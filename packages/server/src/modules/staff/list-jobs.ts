import type { StaffJobView } from '@charter/domain';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { JOB_STALE_AFTER_MS } from '../../jobs/queue.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffJob } from './presenters.ts';

const LIST_LIMIT = 200;

/** Running, with a lock no worker has refreshed within the queue's stale timeout: its worker died. */
export const isStuck = and(
  eq(jobs.status, 'running'),
  lt(jobs.lockedAt, sql`now() - ${JOB_STALE_AFTER_MS} * interval '1 millisecond'`),
);

/** GET /api/staff/jobs: failed (gave up after their last attempt) or stuck jobs, newest first. */
export async function listJobs({
  tx,
  actor,
  status,
}: {
  tx: Tx;
  actor: UserActor;
  status: 'failed' | 'stuck';
}): Promise<StaffJobView[]> {
  authorizeStaff(actor);
  const rows = await tx
    .select()
    .from(jobs)
    .where(status === 'failed' ? eq(jobs.status, 'failed') : isStuck)
    .orderBy(desc(jobs.id))
    .limit(LIST_LIMIT);
  return rows.map(presentStaffJob);
}
