import { DEFAULT_STRIPE_DOMAIN, subscriptionIsActive } from '@charter/domain';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { PaymentProvider, ProviderCharge } from '../../adapters/payments/provider.ts';
import type { AppContext } from '../../context.ts';
import { charges, paymentMethods, subscriptions } from '../../db/schema/index.ts';
import { parseProviderChargeKey, providerChargeKey } from '../billing/charge-key.ts';
import { providerOf } from '../billing/provider-calls.ts';
import { findCustomer } from '../billing/scope.ts';
import { renewPlanCredits } from '../billing-charges/renew-credits.ts';
import { completeSubscriptionCharge, subscriptionIncomplete } from './complete-subscription-charge.ts';

/*
 * Converging our rows to the provider's CURRENT state: each function re-reads the object from the provider
 * and writes what it says, so the order (or number) of the events that led here does not matter.
 */

type ChargeRow = typeof charges.$inferSelect;

/** The provider a workspace's rows live at, with the customer there (null: the workspace has none). */
export type AccountProvider = { provider: PaymentProvider; customerId: string | null };

/** A workspace without a customer yet: the rows' own provider, at the default billing domain. */
export async function providerOfAccount(
  ctx: AppContext,
  accountId: number,
  providerName: string,
): Promise<AccountProvider> {
  const customer = await findCustomer(ctx.db, accountId);
  if (!customer)
    return { provider: ctx.payments.byName(providerName, DEFAULT_STRIPE_DOMAIN), customerId: null };
  return { provider: providerOf(ctx, customer), customerId: customer.providerCustomerId };
}

/** Our charge status for the provider's: a payment still processing stays pending (asked again later). */
const STATUS: Record<ProviderCharge['status'], string> = {
  succeeded: 'succeeded',
  failed: 'failed',
  requires_action: 'requires_action',
  processing: 'pending',
};

/** Writes the provider's view of a charge onto its row, at the attempt read (never onto a partner-covered one). */
export async function settleCharge(ctx: AppContext, row: ChargeRow, current: ProviderCharge) {
  const status = STATUS[current.status];
  const failureMessage = status === 'succeeded' || status === 'pending' ? null : current.failureMessage;
  if (
    row.status === status &&
    row.providerChargeId === current.id &&
    (row.failureMessage ?? null) === failureMessage
  ) {
    return false;
  }
  const updated = await ctx.db
    .update(charges)
    .set({
      status,
      providerChargeId: current.id || row.providerChargeId,
      failureMessage,
      updatedAt: new Date(),
    })
    // Only onto the attempt that was read: a retry since (a new attempt, its own provider charge) is
    // not overwritten with the earlier attempt's answer.
    .where(and(eq(charges.id, row.id), eq(charges.attempt, row.attempt), ne(charges.status, 'covered')))
    .returning({ id: charges.id });
  return updated.length > 0;
}

export async function convergeCharge(
  ctx: AppContext,
  input: { providerName: string; providerChargeId: string | null; idempotencyKey: string | null },
) {
  const matches = [
    input.providerChargeId ? eq(charges.providerChargeId, input.providerChargeId) : undefined,
    input.idempotencyKey ? providerKeyMatch(input.idempotencyKey) : undefined,
  ].filter((c) => c !== undefined);
  if (!matches.length) return false;
  const [row] = await ctx.db
    .select()
    .from(charges)
    .where(and(eq(charges.provider, input.providerName), or(...matches)));
  if (!row || row.status === 'covered') return false;
  const account = await providerOfAccount(ctx, row.accountId, row.provider);
  const { provider } = account;
  // Whatever attempt the event was about, the row converges to its current attempt's charge.
  const chargeId = row.providerChargeId;
  const current =
    chargeId && provider.getCharge
      ? await provider.getCharge({ id: chargeId })
      : await provider.findCharge({ idempotencyKey: providerChargeKey(row) });
  if (!current) return false;
  // A subscription's charge is completed (subscription row + invoice), not only settled.
  if (
    subscriptionIncomplete(row) &&
    (current.status === 'succeeded' || current.status === 'requires_action')
  ) {
    return completeSubscriptionCharge(ctx, row, new Date(), account);
  }
  return settleCharge(ctx, row, current);
}

/**
 * The charge row the provider knows by one attempt's key (`{key}:{attempt}`, providerChargeKey), as a
 * condition on the row's own key and attempt (the unique index on the key finds it); undefined when the
 * key names no attempt.
 */
function providerKeyMatch(providerKey: string) {
  const parsed = parseProviderChargeKey(providerKey);
  return parsed
    ? and(eq(charges.idempotencyKey, parsed.idempotencyKey), eq(charges.attempt, parsed.attempt))
    : undefined;
}

async function chargeByProviderKey(ctx: AppContext, providerName: string, providerKey: string) {
  const match = providerKeyMatch(providerKey);
  if (!match) return null;
  const [row] = await ctx.db
    .select()
    .from(charges)
    .where(and(eq(charges.provider, providerName), match));
  return row ?? null;
}

/**
 * A subscription as the provider has it now. One we have no row for yet, made by a subscribe whose route
 * died after the provider answered, is found by the key in its metadata (`idempotencyKey`, as the event
 * names it) and its charge completed: the subscription row and paid invoice are written then.
 */
export async function convergeSubscription(
  ctx: AppContext,
  providerName: string,
  subscriptionId: string,
  idempotencyKey: string | null = null,
) {
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.provider, providerName), eq(subscriptions.providerSubscriptionId, subscriptionId)),
    );
  if (!row) {
    const charge = idempotencyKey ? await chargeByProviderKey(ctx, providerName, idempotencyKey) : null;
    if (!charge || !subscriptionIncomplete(charge)) return false;
    // Only when the provider confirms the key's subscription is this one (the event only points at it).
    const account = await providerOfAccount(ctx, charge.accountId, charge.provider);
    const found = await account.provider.findCharge({ idempotencyKey: providerChargeKey(charge) });
    if (!found || found.status === 'failed' || found.status === 'processing') return false;
    return completeSubscriptionCharge(ctx, charge, new Date(), account);
  }
  const { provider } = await providerOfAccount(ctx, row.accountId, row.provider);
  const current = await provider.getSubscription({ id: subscriptionId });
  // Past due since the first time we saw it so (spec 1 §4: tolerated 62 days from then).
  const pastDueSince = current.status === 'past_due' ? (row.pastDueSince ?? new Date()) : null;
  // A new period (its end moved later) gives the plan's document credits back, once: the update is
  // conditional on the period end we read, so of two convergences racing only one renews.
  const renewed =
    row.currentPeriodEnd !== null &&
    current.currentPeriodEnd !== null &&
    current.currentPeriodEnd.getTime() > row.currentPeriodEnd.getTime();
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(subscriptions)
      .set({
        status: current.status,
        currentPeriodEnd: current.currentPeriodEnd,
        pastDueSince,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(subscriptions.id, row.id),
          row.currentPeriodEnd
            ? eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd)
            : isNull(subscriptions.currentPeriodEnd),
        ),
      )
      .returning({ id: subscriptions.id });
    const active = subscriptionIsActive({ status: current.status, past_due_since: pastDueSince });
    if (renewed && updated.length > 0 && active) await renewPlanCredits(tx, row.accountId);
  });
  return true;
}

/** A bank account's verification as the provider has it now (verified, or failed after its deposits). */
export async function convergeMethod(ctx: AppContext, providerName: string, methodId: string) {
  const [row] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.provider, providerName),
        eq(paymentMethods.providerMethodId, methodId),
        isNull(paymentMethods.removedAt),
      ),
    );
  if (row?.kind !== 'bank') return false;
  const { provider, customerId } = await providerOfAccount(ctx, row.accountId, row.provider);
  if (!provider.getMethod || !customerId) return false;
  const current = await provider.getMethod({ customerId, methodId });
  if (current.status === row.status) return false;
  await ctx.db.update(paymentMethods).set({ status: current.status }).where(eq(paymentMethods.id, row.id));
  return true;
}
