import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects, resources, tasks, transactions } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

/**
 * Loaders scoped to the caller's workspace: another workspace's row is simply not found (DESIGN §4).
 * `forUpdate` locks the row for the rest of the transaction, so concurrent writes queue up.
 */
export async function findProject(tx: Tx, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.accountId, accountId)));
  if (!row) throw notFound('Project not found');
  return row;
}

export async function findTransaction(tx: Tx, accountId: number, id: number, forUpdate = false) {
  const query = tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.accountId, accountId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Task not found');
  return row;
}

export async function findTask(tx: Tx, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.accountId, accountId)));
  if (!row) throw notFound('Task not found');
  return row;
}

export async function findResource(tx: Tx, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(resources)
    .where(and(eq(resources.id, id), eq(resources.accountId, accountId)));
  if (!row) throw notFound('Resource not found');
  return row;
}
