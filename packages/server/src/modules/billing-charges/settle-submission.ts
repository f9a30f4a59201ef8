import { CREDITS_MESSAGES, creditsIdempotencyKey, PAYMENT_MESSAGES } from '@charter/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accountCredits, charges, type transactions } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { assertPlanAndCredits } from './checks.ts';
import { priceSubmission } from './pricing.ts';

/**
 * Billing's part of a submission, inside the finalize's transaction (the group row is locked): the plan and
 * credits are checked again, credits are used and partner-covered fees recorded, and the group is refused
 * while any fee or add-on is still unpaid. So a group is submitted if and only if what it costs was paid,
 * covered or used in the same commit.
 */
export async function settleSubmission(input: {
  tx: Tx;
  transaction: typeof transactions.$inferSelect;
  userId: number | null;
}) {
  const { tx, transaction, userId } = input;
  const pricing = await priceSubmission(tx, transaction);
  assertPlanAndCredits(pricing);
  if (pricing.due.length > 0) throw new AppError('PAYMENT_FAILED', PAYMENT_MESSAGES.noMethod);
  const accountId = transaction.accountId;
  const coveredCredits = pricing.standing.creditPartner !== null;
  if (pricing.creditsTotal > 0 && !coveredCredits) {
    // One conditional upsert: two submissions racing for the last credit cannot both take it. The plans'
    // credits (standing) come on top of the stored limit, so they are part of the condition.
    const n = pricing.creditsTotal;
    const extra = pricing.standing.credits.limit - pricing.standing.credits.stored;
    const taken = await tx.execute(sql`
      insert into ${accountCredits} (account_id, credit_limit, used) values (${accountId}, 0, ${n})
      on conflict (account_id) do update set used = ${accountCredits}.used + ${n}, updated_at = now()
        where ${accountCredits}.credit_limit + ${extra} - ${accountCredits}.used >= ${n}
      returning used`);
    if (taken.rows.length === 0 || n > pricing.standing.credits.remaining) {
      throw new AppError('CREDITS_REQUIRED', CREDITS_MESSAGES.notEnough);
    }
  }
  const rows = [
    ...pricing.credits.map((c) => ({
      idempotencyKey: creditsIdempotencyKey(accountId, c.taskId),
      purpose: 'credits',
      label: `${c.credits} document credit${c.credits === 1 ? '' : 's'}`,
      taskId: c.taskId,
      amountCents: 0,
      status: coveredCredits ? 'covered' : 'succeeded',
    })),
    ...pricing.toCover.map((line) => ({
      idempotencyKey: line.idempotencyKey,
      purpose: line.purpose,
      label: line.label,
      taskId: line.taskId,
      amountCents: line.amountCents,
      status: 'covered',
    })),
  ];
  if (rows.length === 0) return;
  await tx
    .insert(charges)
    .values(
      rows.map((row) => ({
        ...row,
        accountId,
        transactionId: transaction.id,
        provider: 'none',
        createdBy: userId,
      })),
    )
    .onConflictDoNothing({ target: charges.idempotencyKey });
}
