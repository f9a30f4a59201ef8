import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { outsideForms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findTransaction } from '../workflows/scope.ts';

/**
 * DELETE /api/account/transaction/{id}/outside (Cancel Sharing Form): the task's open forms stop
 * answering their codes. Completed forms stay listed with what was filled.
 */
export async function cancelOutsideForms({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  const transaction = await findTransaction(tx, actor, id, true);
  const cancelled = await tx
    .update(outsideForms)
    .set({ cancelledAt: new Date() })
    .where(
      and(
        eq(outsideForms.transactionId, transaction.id),
        eq(outsideForms.accountId, actor.accountId),
        eq(outsideForms.state, 'new'),
        isNull(outsideForms.cancelledAt),
      ),
    )
    .returning({ id: outsideForms.id });
  if (cancelled.length > 0) {
    await recordAudit(tx, actor, 'outside_form_cancelled', {
      transaction_id: transaction.id,
      form_ids: cancelled.map((f) => f.id),
    });
  }
}
