import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/** What a failed job holding secrets keeps of its payload (for staff to see whom it was for). */
export type Redact = (payload: Record<string, unknown>) => Record<string, unknown>;

/** Done jobs without secrets are kept this long (to see what ran), then deleted. */
export const DONE_RETENTION_DAYS = 7;

/**
 * Finished jobs that are no longer needed: done jobs of kinds holding secrets (normally deleted as
 * they finish; this catches ones finished before), every other done job after the retention, and the
 * payloads of failed secret-holding jobs cut down. Failed jobs themselves stay for staff to see.
 */
export async function pruneJobs(db: Db, redactions: Map<string, Redact>): Promise<number> {
  const secretKinds = [...redactions.keys()];
  const deleted = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.status, 'done'),
        or(
          inArray(jobs.kind, secretKinds),
          lt(jobs.finishedAt, sql`now() - ${DONE_RETENTION_DAYS} * interval '1 day'`),
        ),
      ),
    )
    .returning({ id: jobs.id });
  const unredacted = await db
    .select({ id: jobs.id, kind: jobs.kind, payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'failed'),
        inArray(jobs.kind, secretKinds),
        isNull(sql`${jobs.payload}->'redacted'`),
      ),
    );
  for (const job of unredacted) {
    const redact = redactions.get(job.kind);
    if (!redact) continue;
    await db
      .update(jobs)
      .set({ payload: { ...redact(job.payload), redacted: true } })
      .where(eq(jobs.id, job.id));
  }
  return deleted.length + unredacted.length;
}
