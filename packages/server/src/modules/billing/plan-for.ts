import { BILLING_MESSAGES, findPlan, type Plan, type PlanCatalogueName } from '@charter/domain';
import { invalid, notFound } from '../../http/errors.ts';

/** A plan one may subscribe to by oneself: in the brand's catalogue (or a solutions tier), priced, not free. */
export function subscribablePlan(catalogue: PlanCatalogueName, slug: string): Plan & { priceValue: number } {
  const plan = findPlan(catalogue, slug);
  if (!plan) throw notFound(BILLING_MESSAGES.planNotFound);
  if (plan.talkToSales || plan.priceValue === null) throw invalid({ slug: BILLING_MESSAGES.planTalkToSales });
  if (plan.priceValue === 0) throw invalid({ slug: BILLING_MESSAGES.planFree });
  return { ...plan, priceValue: plan.priceValue };
}
