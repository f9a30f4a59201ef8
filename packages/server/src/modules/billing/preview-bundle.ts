import { type BundlePreviewView, DEFAULT_CURRENCY, subscriptionIsActive } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { subscribablePlan } from './plan-for.ts';
import { authorizeBillingManage } from './policies.ts';
import { presentPlan } from './presenters.ts';
import { listSubscriptionRows } from './scope.ts';
import { planCatalogue } from './setup.ts';

/** GET /api/account/admin/bundle/{slug}/preview: what subscribing costs, in cents (the web divides by 100). */
export async function previewBundle({
  tx,
  actor,
  slug,
}: {
  tx: Tx;
  actor: MemberActor;
  slug: string;
}): Promise<BundlePreviewView> {
  authorizeBillingManage(actor);
  const catalogue = await planCatalogue(tx, actor.accountId);
  const plan = subscribablePlan(catalogue, slug);
  const subs = await listSubscriptionRows(tx, actor.accountId);
  const current = subs.some(
    (s) =>
      s.planSlug === plan.slug && subscriptionIsActive({ status: s.status, past_due_since: s.pastDueSince }),
  );
  return {
    plan: presentPlan(plan),
    amount: plan.priceValue,
    currency: DEFAULT_CURRENCY,
    interval: plan.interval,
    current,
  };
}
