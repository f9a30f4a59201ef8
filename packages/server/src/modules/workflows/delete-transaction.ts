import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects, tasks, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { templateFor } from './catalog.ts';
import { deletable } from './policies.ts';
import { findTransaction } from './scope.ts';

export const DELETE_REFUSED = 'This task cannot be deleted. Please contact support.';

type GroupInput = { tx: Tx; actor: MemberActor; id: number };

/** DELETE /api/account/transaction/{id}, by the template's delete_level (spec 2 §4). */
export async function deleteTransaction({ tx, actor, id }: GroupInput) {
  const transaction = await findTransaction(tx, actor, id, true);
  const { transactionTemplate } = await templateFor(tx, transaction);
  const taskRows = await tx
    .select({ mode: tasks.mode, state: tasks.state })
    .from(tasks)
    .where(eq(tasks.transactionId, id));
  if (!deletable({ ...transaction, deleteLevel: transactionTemplate.delete_level, tasks: taskRows })) {
    throw new AppError('CONFLICT', DELETE_REFUSED);
  }
  await tx.delete(transactions).where(eq(transactions.id, id));
  // A workflow left without task groups is gone too: kept, a non-repeatable one could never start again.
  const [left] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.projectId, transaction.projectId))
    .limit(1);
  if (!left) await tx.delete(projects).where(eq(projects.id, transaction.projectId));
}
