import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tasks, transactions } from '../../db/schema/index.ts';

/**
 * A submitted task's document is there: the task is completed, and its group too once no other task
 * is left to complete (skipped ones count as done); otherwise the group stays Processing.
 */
export async function completeTask(tx: Tx, taskId: number, transactionId: number, now = new Date()) {
  await tx
    .update(tasks)
    .set({ state: 'Completed', statusLabel: null, updatedAt: now })
    .where(eq(tasks.id, taskId));
  const [pending] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.transactionId, transactionId),
        ne(tasks.id, taskId),
        ne(tasks.state, 'Completed'),
        ne(tasks.state, 'Skipped'),
      ),
    )
    .limit(1);
  await tx
    .update(transactions)
    .set({ state: pending ? 'Processing' : 'Completed', updatedAt: now })
    .where(eq(transactions.id, transactionId));
}
