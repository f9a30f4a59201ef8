import {
  type BillingAbilities,
  type InvoiceView,
  type PaymentMethodView,
  PLAN_CATALOGUES,
  type Plan,
  type PlanCatalogueName,
  type PlanView,
  type SubscriptionView,
  subscribablePlans,
  subscriptionIsActive,
} from '@charter/domain';
import type { MemberActor } from '../../http/actor.ts';
import { methodAbilitiesFor } from './policies.ts';
import type { InvoiceLineRow, InvoiceRow, PaymentMethodRow, SubscriptionRow } from './scope.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentPlan = (plan: Plan): PlanView => ({ ...plan });

export function presentMethod(actor: MemberActor, row: PaymentMethodRow): PaymentMethodView {
  return {
    id: row.id,
    kind: row.kind === 'bank' ? 'bank' : 'card',
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    funding: row.funding,
    status: row.status as PaymentMethodView['status'],
    is_default: row.isDefault,
    name: row.holderName,
    country: row.country,
    metadata: { bank_label: row.bankLabel },
    created_at: row.createdAt.toISOString(),
    abilities: methodAbilitiesFor(actor, row),
  };
}

export function presentSubscription(
  row: SubscriptionRow,
  catalogue: PlanCatalogueName,
  now = new Date(),
): SubscriptionView {
  const plan = subscribablePlans(catalogue).find((p) => p.slug === row.planSlug);
  return {
    id: row.id,
    plan_slug: row.planSlug,
    nickname: plan?.label ?? row.planSlug,
    product: plan ? `${plan.label} (${plan.priceLabel})` : row.planSlug,
    status: row.status,
    active: subscriptionIsActive({ status: row.status, past_due_since: row.pastDueSince }, now),
    amount: row.amountCents,
    interval: row.interval,
    current_period_end: iso(row.currentPeriodEnd),
    past_due_since: iso(row.pastDueSince),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The active plan of the catalogue by the spec's rule (spec 1 §4): the highest catalogue plan with an active
 * subscription, else the free plan (index 0).
 */
export function activePlanOf(subscriptions: SubscriptionView[], catalogue: PlanCatalogueName) {
  const plans = PLAN_CATALOGUES[catalogue];
  let index = 0;
  for (const sub of subscriptions) {
    if (!sub.active) continue;
    const i = plans.findIndex((p) => p.slug === sub.plan_slug);
    if (i > index) index = i;
  }
  return { index, slug: plans[index]?.slug ?? plans[0]!.slug };
}

export function presentInvoice(invoice: InvoiceRow, lines: InvoiceLineRow[]): InvoiceView {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    total: invoice.totalCents,
    currency: invoice.currency,
    created_at: invoice.createdAt.toISOString(),
    paid_at: iso(invoice.paidAt),
    lines: lines.map((l) => ({ id: l.id, label: l.label, quantity: l.quantity, amount: l.amountCents })),
    receipt_url: `/api/account/v3/invoice/${invoice.id}/receipt`,
  };
}

export type { BillingAbilities };
