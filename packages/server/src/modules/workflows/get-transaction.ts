import type { TransactionView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { loadTransactionView } from './load-views.ts';

/** GET /api/account/transaction/{id}: one task group with its tasks, timeline and abilities. */
export async function getTransaction(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<TransactionView> {
  const view = await loadTransactionView(input.tx, input.actor, input.id);
  if (!view) throw notFound('Task not found');
  return view;
}
