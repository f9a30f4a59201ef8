import {
  BILLING_MESSAGES,
  DEFAULT_CURRENCY,
  type SubscribeView,
  subscriptionIsActive,
  TEST_AUTHENTICATION_MESSAGE,
} from '@charter/domain';
import { and, eq, like } from 'drizzle-orm';
import { PaymentError } from '../../adapters/payments/provider.ts';
import type { AppContext } from '../../context.ts';
import { charges, subscriptions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { providerChargeKey } from './charge-key.ts';
import { completeSubscription } from './complete-subscription.ts';
import { ensureCustomer } from './ensure-customer.ts';
import { subscribablePlan } from './plan-for.ts';
import { authorizeBillingManage } from './policies.ts';
import { presentInvoice, presentSubscription } from './presenters.ts';
import { providerOf } from './provider-calls.ts';
import { findMethod, listInvoiceRows, listMethodRows, listSubscriptionRows } from './scope.ts';
import { planCatalogue } from './setup.ts';

export const PAYMENT_IN_PROGRESS = 'A payment for this plan is already in progress. Please wait a moment.';

/**
 * POST /api/account/admin/bundle/{slug} {selected_source_id}: subscribe to a plan (spec 1 §4 Plans). The
 * charge's idempotency key is `subscription:{accountId}:{plan}:{attempt}`, `attempt` counting the earlier
 * tries for that plan: a double click lands on the same key (the unique index lets one request through),
 * a retry after a decline is a new attempt. The charge is written `pending` BEFORE the provider is called
 * (its own transaction), so a crash in between leaves a row the reconcile job settles. Then the
 * subscription, the settled charge and a paid invoice with its line are written together.
 */
export async function subscribe({
  ctx,
  actor,
  slug,
  selectedSourceId,
}: {
  ctx: AppContext;
  actor: MemberActor;
  slug: string;
  selectedSourceId: number | null;
}): Promise<SubscribeView> {
  authorizeBillingManage(actor);
  const accountId = actor.accountId;
  const catalogue = await planCatalogue(ctx.db, accountId);
  const plan = subscribablePlan(catalogue, slug);
  const method = selectedSourceId
    ? await findMethod(ctx.db, accountId, selectedSourceId)
    : (await listMethodRows(ctx.db, accountId)).find((m) => m.isDefault);
  if (!method) throw invalid({ selected_source_id: BILLING_MESSAGES.noPaymentMethod });
  if (method.status !== 'verified') throw invalid({ selected_source_id: BILLING_MESSAGES.methodNotUsable });
  const existing = await listSubscriptionRows(ctx.db, accountId);
  const active = (s: (typeof existing)[number]) =>
    subscriptionIsActive({ status: s.status, past_due_since: s.pastDueSince });
  if (existing.some((s) => s.planSlug === plan.slug && active(s))) {
    throw new AppError('CONFLICT', BILLING_MESSAGES.alreadySubscribed);
  }
  const customer = await ensureCustomer({ ctx, actor });
  const provider = providerOf(ctx, customer);

  const prefix = `subscription:${accountId}:${plan.slug}:`;
  const prior = await ctx.db
    .select({ status: charges.status, subscriptionId: subscriptions.id })
    .from(charges)
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.accountId, charges.accountId),
        eq(subscriptions.idempotencyKey, charges.idempotencyKey),
      ),
    )
    .where(and(eq(charges.accountId, accountId), like(charges.idempotencyKey, `${prefix}%`)));
  // Pending, or paid with no subscription written (the provider's answer was lost and the reconcile job
  // found the payment): the provider has that subscription; another attempt would be charged again.
  if (prior.some((c) => c.status === 'pending' || (c.status === 'succeeded' && c.subscriptionId === null)))
    throw new AppError('CONFLICT', PAYMENT_IN_PROGRESS);
  const idempotencyKey = `${prefix}${prior.length + 1}`;
  const label = `${plan.label} plan (${plan.priceLabel})`;
  const [charge] = await ctx.db
    .insert(charges)
    .values({
      accountId,
      idempotencyKey,
      purpose: 'subscription',
      label,
      amountCents: plan.priceValue,
      currency: DEFAULT_CURRENCY,
      status: 'pending',
      provider: customer.provider,
      paymentMethodId: method.id,
      createdBy: actor.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!charge) throw new AppError('CONFLICT', PAYMENT_IN_PROGRESS);
  const providerKey = providerChargeKey(charge);

  const settle = (status: string, failureMessage: string | null) =>
    ctx.db.transaction(async (tx) => {
      await tx
        .update(charges)
        .set({ status, failureMessage, updatedAt: new Date() })
        .where(eq(charges.id, charge.id));
      await recordAudit(tx, actor, 'billing.subscribe.refused', {
        charge_id: charge.id,
        plan: plan.slug,
        status,
      });
    });

  let subscription: Awaited<ReturnType<typeof provider.subscribe>>;
  try {
    subscription = await provider.subscribe({
      customerId: customer.providerCustomerId,
      methodId: method.providerMethodId,
      planSlug: plan.slug,
      amountCents: plan.priceValue,
      interval: plan.interval,
      idempotencyKey: providerKey,
    });
  } catch (error) {
    // A refusal is settled now; anything else (the provider unreachable) leaves the row pending.
    if (!(error instanceof PaymentError)) throw error;
    const needsAction = error.code === 'authentication_required';
    await settle(needsAction ? 'requires_action' : 'failed', error.message);
    throw new AppError(needsAction ? 'PAYMENT_ACTION_REQUIRED' : 'PAYMENT_FAILED', error.message);
  }
  const providerCharge = await provider.findCharge({ idempotencyKey: providerKey }).catch(() => null);
  const saved = await completeSubscription(ctx, {
    charge,
    planSlug: plan.slug,
    interval: plan.interval,
    subscription,
    providerCharge,
    actor,
  });
  const paid = saved.paid;
  if (!paid)
    throw new AppError('PAYMENT_ACTION_REQUIRED', saved.failureMessage ?? TEST_AUTHENTICATION_MESSAGE);
  const [invoice] = saved.invoiceId ? await listInvoiceRows(ctx.db, accountId, saved.invoiceId) : [];
  return {
    message: BILLING_MESSAGES.subscribed,
    subscription: presentSubscription(saved.row, catalogue),
    invoice: invoice ? presentInvoice(invoice.invoice, invoice.lines) : null,
  };
}
