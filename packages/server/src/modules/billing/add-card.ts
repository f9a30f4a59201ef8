import { BILLING_MESSAGES, type MethodChangeView } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { MemberActor } from '../../http/actor.ts';
import { ensureCustomer } from './ensure-customer.ts';
import { allMethods } from './list-methods.ts';
import { authorizeBillingManage } from './policies.ts';
import { presentMethod } from './presenters.ts';
import { askProvider, providerOf } from './provider-calls.ts';
import { saveMethod } from './save-method.ts';

/**
 * POST /api/account/admin/billing/method (and v3): a card tokenised in the browser, attached at the
 * provider (a decline answers the provider's message), then kept with the default rules.
 */
export async function addCard({
  ctx,
  actor,
  token,
  isDefault,
}: {
  ctx: AppContext;
  actor: MemberActor;
  token: string;
  isDefault: boolean;
}): Promise<MethodChangeView> {
  authorizeBillingManage(actor);
  const customer = await ensureCustomer({ ctx, actor });
  const provider = providerOf(ctx, customer);
  const method = await askProvider(() =>
    provider.attachCard({ customerId: customer.providerCustomerId, token }),
  );
  return ctx.db.transaction(async (tx) => {
    const row = await saveMethod({ tx, actor, customer, method, isDefault, bankLabel: null });
    return {
      method: presentMethod(actor, row),
      methods: await allMethods(tx, actor),
      message: BILLING_MESSAGES.methodAdded,
    };
  });
}
