import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { taskEvents, tasks, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { reopenable } from './policies.ts';
import { findTransaction } from './scope.ts';

export const REOPEN_REFUSED = 'This task cannot be reopened. Please contact support.';

type GroupInput = { tx: Tx; actor: MemberActor; id: number };

/**
 * PATCH /api/account/transaction/{id}/reopen (spec 2 §4): only a submitted group, and only when all its
 * tasks are uploads, none of its other tasks is completed, or the group allows it.
 */
export async function reopenTransaction({ tx, actor, id }: GroupInput) {
  const transaction = await findTransaction(tx, actor, id, true);
  if (transaction.open) throw new AppError('CONFLICT', 'This task is already open.');
  const taskRows = await tx.select().from(tasks).where(eq(tasks.transactionId, id));
  if (!reopenable({ ...transaction, deleteLevel: 0, tasks: taskRows })) {
    throw new AppError('CONFLICT', REOPEN_REFUSED);
  }
  if (taskRows.some((t) => t.state === 'Processing')) {
    throw new AppError('CONFLICT', 'Documents are still being generated; try again in a minute.');
  }
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
