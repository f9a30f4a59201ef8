import { PLAN_CREDITS } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accountCredits } from '../../db/schema/index.ts';

/**
 * A plan's document credits are granted per period of its subscription; the free plan's (PLAN_CREDITS.basic)
 * and what staff granted (credit_limit) are a one-off allowance that never renews. `used` is one counter, so
 * the choice made here is which credits a use took: the one-off allowance counts as used FIRST. When a
 * subscription's period moves on, `used` keeps what was taken of the one-off allowance and drops the rest,
 * so exactly the plan's credits come back and the free plan's do not. (Counting the plan's credits first
 * would need the period's own count, which no column holds.) Called once per period move, in the same
 * transaction as the subscription's new period end (billing-events converge.ts).
 */
export async function renewPlanCredits(tx: Tx, accountId: number) {
  const oneOff = PLAN_CREDITS.basic ?? 0;
  await tx
    .update(accountCredits)
    .set({
      used: sql`least(${accountCredits.used}, ${accountCredits.creditLimit} + ${oneOff})`,
      updatedAt: new Date(),
    })
    .where(eq(accountCredits.accountId, accountId));
}
