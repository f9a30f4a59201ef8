import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentReviewers, documents, taskEvents, tasks, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { reopenable, taskUnderWay } from './policies.ts';
import { findTransaction } from './scope.ts';

export const REOPEN_REFUSED = 'This task cannot be reopened. Please contact support.';

/** Why a submitted group cannot be reopened yet: what its tasks' documents are waiting for. */
export const REOPEN_WAITS = {
  generating: 'Documents are still being generated; try again in a minute.',
  review: 'A document of this task is awaiting review. The task can be reopened once the review is finished.',
  signature: 'A document of this task is out for signature. Void it to reopen the task.',
  sending: 'A document of this task is waiting to be sent for signature, so the task cannot be reopened.',
} as const;

type GroupInput = { tx: Tx; actor: MemberActor; id: number };

/**
 * PATCH /api/account/transaction/{id}/reopen (spec 2 §4): only a submitted group, and only when all its
 * tasks are uploads, none of its other tasks is completed, or the group allows it; and not while a task's
 * document is still on its way (the refusal says where it is).
 */
export async function reopenTransaction({ tx, actor, id }: GroupInput) {
  const transaction = await findTransaction(tx, actor, id, true);
  if (transaction.open) throw new AppError('CONFLICT', 'This task is already open.');
  const taskRows = await tx.select().from(tasks).where(eq(tasks.transactionId, id));
  if (!reopenable({ ...transaction, deleteLevel: 0, tasks: taskRows })) {
    throw new AppError('CONFLICT', REOPEN_REFUSED);
  }
  const waiting = await waitingFor(tx, taskRows);
  if (waiting) throw new AppError('CONFLICT', REOPEN_WAITS[waiting]);
  const now = new Date();
  await tx
    .update(transactions)
    .set({ open: true, state: 'Open', validatedQuestionnaire: false, updatedAt: now })
    .where(eq(transactions.id, id));
  for (const task of taskRows) {
    await tx
      .update(tasks)
      .set({ state: 'Incomplete', statusLabel: null, updatedAt: now })
      .where(eq(tasks.id, task.id));
    await tx.insert(taskEvents).values({ taskId: task.id, label: 'Task reopened', icon: 'reopened' });
  }
}

/**
 * What the group's tasks still wait for, the earliest step first: a document not generated yet, one under
 * review (it has reviewers and was not sent), one out for signature, one not sent yet. Null when nothing.
 */
async function waitingFor(
  tx: Tx,
  taskRows: (typeof tasks.$inferSelect)[],
): Promise<keyof typeof REOPEN_WAITS | null> {
  const processing = taskRows.filter((t) => t.state === 'Processing');
  if (processing.length === 0) return null;
  // Each task's newest document, as its card shows it.
  const rows = await tx
    .selectDistinctOn([documents.taskId], {
      id: documents.id,
      taskId: documents.taskId,
      status: documents.status,
      signingState: documents.signingState,
    })
    .from(documents)
    .where(
      and(
        inArray(
          documents.taskId,
          processing.map((t) => t.id),
        ),
        sql`${documents.status} is distinct from 'document.deleted'`,
      ),
    )
    .orderBy(documents.taskId, desc(documents.id));
  const byTask = new Map(rows.map((row) => [row.taskId, row]));
  const underWay = processing
    .map((task) => ({ ...task, document: byTask.get(task.id) ?? null }))
    .filter(taskUnderWay);
  if (underWay.length === 0) return null;
  if (underWay.some((t) => !t.document)) return 'generating';
  const drafts = underWay.flatMap((t) => (t.document?.signingState === 'draft' ? [t.document.id] : []));
  if (drafts.length > 0) {
    const [reviewed] = await tx
      .select({ id: documentReviewers.id })
      .from(documentReviewers)
      .where(inArray(documentReviewers.documentId, drafts))
      .limit(1);
    if (reviewed) return 'review';
  }
  return drafts.length < underWay.length ? 'signature' : 'sending';
}
