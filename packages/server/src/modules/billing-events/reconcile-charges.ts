import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { charges } from '../../db/schema/index.ts';
import { providerChargeKey } from '../billing/charge-key.ts';
import { completeSubscriptionCharge, SUBSCRIBE_KEY_WINDOW_MS } from './complete-subscription-charge.ts';
import { providerOfAccount, settleCharge } from './converge.ts';

/** A pending charge younger than this may still have its request in flight: left alone. */
export const RECONCILE_AFTER_MS = 60_000;
/**
 * A charge the provider does not know after this long never reached it. Longer than a minute because
 * Stripe's search (how findCharge looks) can lag about that much behind a new PaymentIntent.
 */
export const NEVER_REACHED_AFTER_MS = 10 * 60_000;
export const NEVER_REACHED = 'The payment did not reach the payment provider; nothing was charged.';
const BATCH = 100;

/**
 * Settles `pending` charges left by a crash between the provider's answer and our write (or a lost
 * answer): each is looked up by its idempotency key and written as the provider has it; one the provider
 * never saw is marked failed. Updates are conditional on the row still being pending. A subscription
 * charge the provider has is COMPLETED, not only settled: its subscription row and paid invoice are written
 * (completeSubscriptionCharge), as are those of a subscription charge an earlier reconcile settled without
 * them.
 */
export async function reconcilePendingCharges(ctx: AppContext, now = new Date()) {
  const rows = await ctx.db
    .select()
    .from(charges)
    .where(
      and(
        or(
          eq(charges.status, 'pending'),
          and(
            eq(charges.purpose, 'subscription'),
            eq(charges.status, 'succeeded'),
            isNull(charges.invoiceId),
            gt(charges.createdAt, new Date(now.getTime() - SUBSCRIBE_KEY_WINDOW_MS)),
          ),
        ),
        lt(charges.updatedAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ),
    )
    .orderBy(charges.updatedAt)
    .limit(BATCH);
  let settled = 0;
  for (const row of rows) {
    try {
      const account = await providerOfAccount(ctx, row.accountId, row.provider);
      const found = await account.provider.findCharge({ idempotencyKey: providerChargeKey(row) });
      if (
        found &&
        row.purpose === 'subscription' &&
        found.status !== 'failed' &&
        found.status !== 'processing'
      ) {
        if (await completeSubscriptionCharge(ctx, row, now, account)) settled++;
      } else if (found) {
        if (await settleCharge(ctx, { ...row }, found)) settled++;
      } else if (
        row.status === 'pending' &&
        row.updatedAt.getTime() < now.getTime() - NEVER_REACHED_AFTER_MS
      ) {
        const failed = await ctx.db
          .update(charges)
          .set({ status: 'failed', failureMessage: NEVER_REACHED, updatedAt: new Date() })
          .where(and(eq(charges.id, row.id), eq(charges.status, 'pending')))
          .returning({ id: charges.id });
        settled += failed.length;
      }
    } catch (error) {
      ctx.log.warn({ err: error, charge: row.id }, 'pending charge not reconciled');
    }
  }
  return settled;
}
