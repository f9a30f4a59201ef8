import type { TransactionBillingView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { findTransaction } from '../workflows/scope.ts';
import { priceSubmission } from './pricing.ts';

/** GET /api/account/transaction/{id}/billing: what submitting the group costs, for the finalize modal. */
export async function getTransactionBilling({
  tx,
  actor,
  id,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<TransactionBillingView> {
  const transaction = await findTransaction(tx, actor, id);
  const pricing = await priceSubmission(tx, transaction);
  const { standing } = pricing;
  const method = standing.defaultMethod;
  return {
    product: pricing.product,
    credits_needed: pricing.creditsTotal,
    credits_remaining: standing.credits.remaining,
    credits_covered: standing.creditPartner !== null,
    covered_by: standing.feePartner?.name ?? null,
    partner_setup_pending: standing.partnerSetupPending,
    support_email: standing.supportEmail,
    default_method: method && { id: method.id, brand: method.brand, last4: method.last4, kind: method.kind },
    subscriptions_required: pricing.subscriptionsRequired,
    subscription_ok: pricing.subscriptionOk,
  };
}
