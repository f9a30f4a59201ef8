import { findPlan } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { PaymentError } from '../../adapters/payments/provider.ts';
import type { AppContext } from '../../context.ts';
import { charges, paymentMethods } from '../../db/schema/index.ts';
import { providerChargeKey } from '../billing/charge-key.ts';
import { completeSubscription } from '../billing/complete-subscription.ts';
import { type AccountProvider, providerOfAccount } from './converge.ts';

type ChargeRow = typeof charges.$inferSelect;

/**
 * Stripe keeps an idempotency key's answer for 24 hours; past that a repeated subscribe would make a NEW
 * subscription. A charge older than this is never asked again (it is logged and left for support).
 */
export const SUBSCRIBE_KEY_WINDOW_MS = 23 * 60 * 60_000;

/** The plan a subscription charge pays for, from its key `subscription:{accountId}:{plan}:{attempt}`. */
export function planOfSubscriptionKey(key: string): string | null {
  const m = /^subscription:\d+:([^:]+):\d+$/.exec(key);
  return m?.[1] ?? null;
}

/** A subscription charge whose route died after the provider answered: no subscription row or invoice. */
export const subscriptionIncomplete = (row: ChargeRow) =>
  row.purpose === 'subscription' &&
  (row.status === 'pending' || (row.status === 'succeeded' && row.invoiceId === null));

/**
 * Completes a subscription charge the route never finished (the process died after provider.subscribe
 * answered, or the answer was lost): the provider is asked again with the SAME key (subscribe is idempotent
 * by key on both providers, so this returns the subscription it made, it never makes a second one), the
 * subscription's current state is read, and the subscription row, the settled charge and the paid invoice
 * are written exactly once (completeSubscription). Only called once the provider is known to have seen the
 * key (findCharge found it), so a request that never reached it is not made now. True when rows changed.
 */
export async function completeSubscriptionCharge(
  ctx: AppContext,
  row: ChargeRow,
  now = new Date(),
  /** The workspace's provider and customer, when the caller has already looked them up. */
  account?: AccountProvider,
) {
  if (!subscriptionIncomplete(row)) return false;
  const planSlug = planOfSubscriptionKey(row.idempotencyKey);
  if (!planSlug || row.paymentMethodId === null) return false;
  if (row.createdAt.getTime() < now.getTime() - SUBSCRIBE_KEY_WINDOW_MS) {
    ctx.log.warn(
      { charge: row.id },
      'subscription charge too old to ask the provider again: left for support',
    );
    return false;
  }
  const [method] = await ctx.db
    .select({ providerMethodId: paymentMethods.providerMethodId })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, row.paymentMethodId), eq(paymentMethods.accountId, row.accountId)));
  const { provider, customerId } = account ?? (await providerOfAccount(ctx, row.accountId, row.provider));
  if (!method || !customerId) return false;
  // Both catalogues give a slug the same interval; the amount is what the charge row was written with.
  const interval = (findPlan('standard', planSlug) ?? findPlan('partner', planSlug))?.interval ?? 'year';
  const key = providerChargeKey(row);
  let answered: Awaited<ReturnType<typeof provider.subscribe>>;
  try {
    answered = await provider.subscribe({
      customerId,
      methodId: method.providerMethodId,
      planSlug,
      amountCents: row.amountCents,
      interval,
      idempotencyKey: key,
    });
  } catch (error) {
    if (!(error instanceof PaymentError) || row.status !== 'pending') throw error;
    // The provider's first answer for this key was a refusal: the charge failed, nothing was bought.
    const failed = await ctx.db
      .update(charges)
      .set({ status: 'failed', failureMessage: error.message, updatedAt: new Date() })
      .where(and(eq(charges.id, row.id), eq(charges.status, 'pending')))
      .returning({ id: charges.id });
    return failed.length > 0;
  }
  // The replayed answer is the subscription as it was made; what it is now is asked for.
  const subscription = await provider.getSubscription({ id: answered.id }).catch(() => answered);
  const providerCharge = await provider.findCharge({ idempotencyKey: key }).catch(() => null);
  await completeSubscription(ctx, {
    charge: row,
    planSlug,
    interval,
    subscription,
    providerCharge,
    actor: null,
  });
  return true;
}
