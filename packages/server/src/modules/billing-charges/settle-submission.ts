import { CREDITS_MESSAGES, countOf, creditsIdempotencyKey, PAYMENT_MESSAGES } from '@charter/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { accountCredits, charges, type transactions } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { createInvoice } from '../billing/create-invoice.ts';
import { sendReceipt } from '../billing/receipt-email.ts';
import { assertPlanAndCredits } from './checks.ts';
import { priceSubmission } from './pricing.ts';

/**
 * Billing's part of a submission, inside the finalize's transaction (the group row is locked): the plan and
 * credits are checked again, credits are used and partner-covered fees recorded, and the group is refused
 * while any fee or add-on is still unpaid. So a group is submitted if and only if what it costs was paid,
 * covered or used in the same commit, and what was paid is invoiced in that commit too.
 */
export async function settleSubmission(input: {
  ctx: AppContext;
  tx: Tx;
  transaction: typeof transactions.$inferSelect;
  userId: number | null;
}) {
  const { ctx, tx, transaction, userId } = input;
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
      label: countOf(c.credits, 'document credit'),
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
  if (rows.length > 0) {
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
  const invoice = await invoicePaidCharges(tx, accountId, transaction.id);
  if (invoice) await sendReceipt(ctx, tx, accountId, invoice.id);
}

/**
 * The fees and add-ons paid for this submission, not yet on an invoice, become one paid invoice with a
 * line per charge (in the submission's commit, so a submitted group always has its invoice), emailed as
 * a receipt to whoever paid.
 */
async function invoicePaidCharges(tx: Tx, accountId: number, transactionId: number) {
  const paid = await tx
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.accountId, accountId),
        eq(charges.transactionId, transactionId),
        eq(charges.status, 'succeeded'),
        gt(charges.amountCents, 0),
        isNull(charges.invoiceId),
      ),
    )
    .orderBy(charges.id);
  const first = paid[0];
  if (!first) return null;
  return createInvoice(tx, {
    accountId,
    provider: first.provider,
    status: 'paid',
    lines: paid.map((c) => ({ label: c.label, amountCents: c.amountCents, chargeId: c.id })),
  });
}
