import { BILLING_MESSAGES, type MethodChangeView } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { makeDefault } from './default-method.ts';
import { allMethods } from './list-methods.ts';
import { authorizeBillingManage } from './policies.ts';
import { presentMethod } from './presenters.ts';
import { askProvider, providerOf } from './provider-calls.ts';
import { findCustomer, findMethod } from './scope.ts';

/**
 * PUT /api/account/admin/billing/method (and v3) {default_method_id}: another method becomes the default.
 * There is no way to have none: the default is changed, never unset. A `new` or failed bank cannot be it.
 */
export async function setDefaultMethod({
  ctx,
  actor,
  methodId,
}: {
  ctx: AppContext;
  actor: MemberActor;
  methodId: number;
}): Promise<MethodChangeView> {
  authorizeBillingManage(actor);
  const method = await findMethod(ctx.db, actor.accountId, methodId);
  if (method.status !== 'verified')
    throw invalid({ default_method_id: BILLING_MESSAGES.newBankCannotBeDefault });
  const customer = await findCustomer(ctx.db, actor.accountId);
  if (customer) {
    await askProvider(() =>
      providerOf(ctx, customer).setDefaultMethod({
        customerId: customer.providerCustomerId,
        methodId: method.providerMethodId,
      }),
    );
  }
  return ctx.db.transaction(async (tx) => {
    const row = await findMethod(tx, actor.accountId, methodId, true);
    if (row.status !== 'verified')
      throw invalid({ default_method_id: BILLING_MESSAGES.newBankCannotBeDefault });
    if (!row.isDefault) {
      await makeDefault(tx, actor.accountId, row.id);
      await recordAudit(tx, actor, 'billing.method.default', { payment_method_id: row.id });
    }
    const saved = await findMethod(tx, actor.accountId, row.id);
    return {
      method: presentMethod(actor, saved),
      methods: await allMethods(tx, actor),
      message: BILLING_MESSAGES.defaultSet,
    };
  });
}
