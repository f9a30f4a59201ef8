import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { loadTransactionView } from './load-views.ts';

/** GET /api/account/transaction/{id}: one task group with its tasks, timeline and abilities. */
export async function getTransaction({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  const view = await loadTransactionView(tx, actor, id);
  if (!view) throw notFound('Task not found');
  return view;
}
