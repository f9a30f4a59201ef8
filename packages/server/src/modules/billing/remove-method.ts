import { BILLING_MESSAGES, type MethodChangeView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentMethods } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { ensureDefault } from './default-method.ts';
import { allMethods } from './list-methods.ts';
import { authorizeBillingManage } from './policies.ts';
import { askProvider, providerOf } from './provider-calls.ts';
import { findCustomer, findMethod } from './scope.ts';

/**
 * DELETE /api/account/admin/billing/method/{id}, its v3 twin and DELETE /api/account/ach/{id}: detached at
 * the provider, kept here as removed (charges and invoices still name it). Removing the default passes it
 * to the oldest verified method left.
 */
export async function removeMethod({
  ctx,
  actor,
  methodId,
  bank,
}: {
  ctx: AppContext;
  actor: MemberActor;
  methodId: number;
  /** The ACH route: 'ACH Payment Method removed.' */
  bank: boolean;
}): Promise<MethodChangeView> {
  authorizeBillingManage(actor);
  const method = await findMethod(ctx.db, actor.accountId, methodId);
  const customer = await findCustomer(ctx.db, actor.accountId);
  if (customer) {
    await askProvider(() =>
      providerOf(ctx, customer).detachMethod({
        customerId: customer.providerCustomerId,
        methodId: method.providerMethodId,
      }),
    );
  }
  return ctx.db.transaction(async (tx) => {
    const row = await findMethod(tx, actor.accountId, methodId, true);
    await tx
      .update(paymentMethods)
      .set({ removedAt: new Date(), isDefault: false })
      .where(eq(paymentMethods.id, row.id));
    await ensureDefault(tx, actor.accountId);
    await recordAudit(tx, actor, 'billing.method.remove', { payment_method_id: row.id, kind: row.kind });
    return {
      method: null,
      methods: await allMethods(tx, actor),
      message: bank || row.kind === 'bank' ? BILLING_MESSAGES.achRemoved : BILLING_MESSAGES.methodRemoved,
    };
  });
}
