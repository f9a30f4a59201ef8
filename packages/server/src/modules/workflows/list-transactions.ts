import type { TransactionListQuery, TransactionSummary } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { loadTransactionSummaries } from './load-views.ts';

/** GET /api/account/transaction: the workspace's task groups (or one project's), last changed first. */
export async function listTransactions(input: {
  tx: Tx;
  actor: MemberActor;
  query: TransactionListQuery;
}): Promise<TransactionSummary[]> {
  const { tx, actor, query } = input;
  const where = query.project_id ? eq(transactions.projectId, query.project_id) : undefined;
  return loadTransactionSummaries(tx, actor, { where, limit: query.limit });
}
