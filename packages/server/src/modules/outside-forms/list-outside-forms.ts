import { type OutsideFormView, sortOutsideForms } from '@charter/domain';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { outsideForms, rooms, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { linkSecret } from '../rooms/link-codes.ts';
import { visibleTransactions } from '../workflows/policies.ts';
import { findTransaction } from '../workflows/scope.ts';
import { presentForm } from './presenters.ts';
import { roomFormsCondition } from './scope.ts';

/**
 * GET /api/account/transaction/{id}/outside and GET /api/account/outside_forms?room_id=: a task's forms
 * (with the instances its standing forms made) or a room's, completed first (spec 3 §4). Cancelled forms
 * are gone; forms of task groups the member may not see are left out.
 */
export async function listOutsideForms(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  transactionId?: number;
  roomId?: number;
  baseUrl: string;
}): Promise<OutsideFormView[]> {
  const { ctx, tx, actor } = input;
  let which: SQL | undefined;
  if (input.transactionId) {
    const transaction = await findTransaction(tx, actor, input.transactionId);
    const parents = tx
      .select({ id: outsideForms.id })
      .from(outsideForms)
      .where(eq(outsideForms.transactionId, transaction.id));
    which = or(eq(outsideForms.transactionId, transaction.id), inArray(outsideForms.parentId, parents));
  } else if (input.roomId) {
    const [room] = await tx
      .select()
      .from(rooms)
      .where(and(eq(rooms.id, input.roomId), eq(rooms.accountId, actor.accountId)));
    if (!room) throw notFound('Room not found');
    which = roomFormsCondition(tx, room);
  } else {
    throw invalid({ transaction_id: 'A task or a room is required' });
  }
  const rows = await tx
    .select({ form: outsideForms })
    .from(outsideForms)
    .innerJoin(transactions, eq(transactions.id, outsideForms.transactionId))
    .where(
      and(
        eq(outsideForms.accountId, actor.accountId),
        isNull(outsideForms.cancelledAt),
        which,
        visibleTransactions(actor),
      ),
    );
  const secret = await linkSecret(ctx, tx);
  return sortOutsideForms(rows.map((r) => presentForm(r.form, secret, input.baseUrl)));
}
