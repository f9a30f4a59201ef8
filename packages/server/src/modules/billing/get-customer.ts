import {
  ADVANCED_MONTHLY_PLAN,
  type BillingCustomerView,
  PLAN_CATALOGUES,
  STATE_FILING_AGENT_ADDON,
} from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { authorizeBillingRead, billingAbilitiesFor } from './policies.ts';
import { activePlanOf, presentPlan, presentSubscription } from './presenters.ts';
import { findCustomer, listMethodRows, listSubscriptionRows } from './scope.ts';
import { billingSetup } from './setup.ts';

/** GET /api/account/billing/customer (and v3): the customer, the brand's plans and the active plan. */
export async function getCustomer({
  ctx,
  tx,
  actor,
}: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
}): Promise<BillingCustomerView> {
  authorizeBillingRead(actor);
  const { catalogue, stripeDomain } = await billingSetup(tx, actor.accountId);
  const customer = await findCustomer(tx, actor.accountId);
  const methods = await listMethodRows(tx, actor.accountId);
  const subscriptions = (await listSubscriptionRows(tx, actor.accountId)).map((s) =>
    presentSubscription(s, catalogue),
  );
  const active = activePlanOf(subscriptions, catalogue);
  const provider = (customer?.provider ?? ctx.payments.defaultName) as 'test' | 'stripe';
  return {
    account_id: actor.accountId,
    provider,
    publishable_key: provider === 'stripe' ? ctx.config.stripe.publishableKey : null,
    // The "test mode" notice: the test provider's customers, and any customer under a Stripe test key.
    test_mode: customer?.provider === 'test' || ctx.payments.testMode,
    stripe_domain: stripeDomain,
    customer_id: customer?.providerCustomerId ?? null,
    default_method_id: methods.find((m) => m.isDefault)?.id ?? null,
    catalogue,
    plans: PLAN_CATALOGUES[catalogue].map(presentPlan),
    extra_plans: [ADVANCED_MONTHLY_PLAN, STATE_FILING_AGENT_ADDON].map(presentPlan),
    subscriptions,
    active_plan_slug: active.slug,
    active_plan_index: active.index,
    abilities: billingAbilitiesFor(actor),
  };
}
