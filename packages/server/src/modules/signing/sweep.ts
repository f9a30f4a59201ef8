import { and, eq, gte, inArray, isNotNull, lt, not, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documents, jobs } from '../../db/schema/index.ts';
import { type MailBrand, mailBrandOfAccount } from '../brand/mail-brand.ts';
import { SYSTEM_ACTOR, senderOf } from './people.ts';
import { recipientsOf } from './scope.ts';
import { markSealFailed, queueSeal, SEAL_JOB } from './seal-job.ts';
import { sendLinks } from './send-links.ts';
import { turnOf } from './turns.ts';

/** The brand of each workspace a sweep mails for, read once per workspace rather than once per document. */
function brandsByAccount(ctx: AppContext, tx: Tx) {
  const known = new Map<number, Promise<MailBrand>>();
  return (accountId: number) => {
    let brand = known.get(accountId);
    if (!brand) {
      brand = mailBrandOfAccount(ctx, tx, accountId);
      known.set(accountId, brand);
    }
    return brand;
  };
}

/** A document signed by everyone but still unsealed after this long has lost its job. */
export const SEAL_STUCK_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

/** Whether the document has a seal job that meets `conditions`. */
const sealJob = (...conditions: SQL[]) =>
  sql<boolean>`exists (select 1 from ${jobs} where ${and(
    eq(jobs.kind, SEAL_JOB),
    sql`(${jobs.payload}->>'documentId')::int = ${documents.id}`,
    ...conditions,
  )})`;

/**
 * Re-queues seals that have no job any more (a job row lost, a database restored): no document is
 * silently left waiting. A seal whose job failed for good since the document last changed is not queued
 * again (a job that kills its worker would crash-loop every process): the document shows Sealing failed,
 * with its Retry. Returns how many were queued.
 */
export async function requeueStuckSeals(ctx: AppContext, now = new Date()) {
  return ctx.db.transaction(async (tx) => {
    const stuck = await tx
      .select({
        id: documents.id,
        accountId: documents.accountId,
        failed: sealJob(eq(jobs.status, 'failed'), gte(jobs.finishedAt, documents.updatedAt)),
      })
      .from(documents)
      .where(
        and(
          eq(documents.signingState, 'sealing'),
          lt(documents.updatedAt, new Date(now.getTime() - SEAL_STUCK_MS)),
          not(sealJob(inArray(jobs.status, ['queued', 'running']))),
        ),
      )
      .for('update', { skipLocked: true });
    const brandOf = brandsByAccount(ctx, tx);
    let queued = 0;
    for (const { id, accountId, failed } of stuck) {
      if (failed) {
        await markSealFailed(ctx, tx, id, 'its seal job failed for good');
        continue;
      }
      await queueSeal(ctx, tx, id, await brandOf(accountId));
      await tx.update(documents).set({ updatedAt: now }).where(eq(documents.id, id));
      queued++;
    }
    return queued;
  });
}

/** Reminds, every `reminder_days`, the signers whose turn it is and who have not signed. */
export async function sendReminders(ctx: AppContext, now = new Date()) {
  let sent = 0;
  await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(documents)
      .where(and(inArray(documents.signingState, ['sent']), isNotNull(documents.reminderDays)))
      .for('update', { skipLocked: true });
    const brandOf = brandsByAccount(ctx, tx);
    for (const document of due) {
      const every = (document.reminderDays ?? 0) * DAY_MS;
      const waiting = turnOf(document, await recipientsOf(tx, document.id)).filter((r) => {
        const last = r.remindedAt ?? r.emailSentAt;
        return last !== null && now.getTime() - last.getTime() >= every;
      });
      if (waiting.length === 0) continue;
      const sender = await senderOf(tx, document);
      await sendLinks({
        ctx,
        tx,
        document,
        recipients: waiting,
        brand: await brandOf(document.accountId),
        sender,
        by: SYSTEM_ACTOR,
        reminder: true,
      });
      sent += waiting.length;
    }
  });
  return sent;
}

/** Runs both every few minutes on a worker; stopped with the server. */
export function startSigningSchedule(ctx: AppContext, everyMs = 5 * 60_000) {
  const run = () => {
    requeueStuckSeals(ctx)
      .then(() => sendReminders(ctx))
      .catch((error) => ctx.log.warn({ err: error }, 'signing schedule failed'));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
