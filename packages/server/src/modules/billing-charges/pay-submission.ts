import { PAYMENT_MESSAGES } from '@charter/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PaymentError, type PaymentProvider } from '../../adapters/payments/provider.ts';
import type { AppContext } from '../../context.ts';
import { charges } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { providerChargeKey } from '../billing/charge-key.ts';
import { providerOf } from '../billing/provider-calls.ts';
import { findCustomer } from '../billing/scope.ts';
import { checkSubmittable } from '../workflows/finalize-transaction.ts';
import { assertPlanAndCredits } from './checks.ts';
import { priceSubmission } from './pricing.ts';
import type { DueLine } from './product.ts';

type Method = { id: number; providerMethodId: string };

/**
 * Before a group is submitted (POST /api/account/transaction/{id}/finalize): the refusals that need no money
 * (the finalize's own checks, the plan, the credits), then one charge per fee and add-on still due, through
 * the workspace's default method. Each charge is keyed `fee:{accountId}:{taskId}:{feeKey}`: its row is
 * written `pending` first (its own commit), the provider is called with that key, then the row is settled.
 * A retried finalize, a double click or concurrent finalizes meet the same row, so the provider is asked
 * once; a declined or unauthenticated charge is retried on the same row as its next attempt, under the
 * provider key of that attempt (providerChargeKey), since the provider would answer the old key with the
 * old decline.
 */
export async function payForSubmission({
  ctx,
  actor,
  id,
}: {
  ctx: AppContext;
  actor: MemberActor;
  id: number;
}) {
  const { pricing, customer } = await ctx.db.transaction(async (tx) => {
    const { transaction } = await checkSubmittable({ tx, actor, id });
    const pricing = await priceSubmission(tx, transaction);
    assertPlanAndCredits(pricing);
    return { pricing, customer: await findCustomer(tx, actor.accountId) };
  });
  if (pricing.due.length === 0) return;
  const method = pricing.standing.defaultMethod;
  if (!method || !customer) throw new AppError('PAYMENT_FAILED', PAYMENT_MESSAGES.noMethod);
  // The provider the workspace's customer (and so its methods) lives at.
  const payments = providerOf(ctx, customer);
  for (const line of pricing.due) {
    await chargeLine({
      ctx,
      payments,
      actor,
      transactionId: id,
      customerId: customer.providerCustomerId,
      method,
      line,
    });
  }
}

async function chargeLine(input: {
  ctx: AppContext;
  payments: PaymentProvider;
  actor: MemberActor;
  transactionId: number;
  customerId: string;
  method: Method;
  line: DueLine;
}) {
  const { ctx, payments, actor, method, line } = input;
  const claimed = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(charges)
      .values({
        accountId: actor.accountId,
        idempotencyKey: line.idempotencyKey,
        purpose: line.purpose,
        label: line.label,
        transactionId: input.transactionId,
        taskId: line.taskId,
        amountCents: line.amountCents,
        status: 'pending',
        provider: payments.name,
        paymentMethodId: method.id,
        createdBy: actor.userId,
      })
      .onConflictDoNothing({ target: charges.idempotencyKey })
      .returning({ id: charges.id, attempt: charges.attempt });
    if (inserted) return inserted;
    // A refused charge is tried again on its own row and key; only one request can take it back.
    const [retried] = await tx
      .update(charges)
      .set({
        status: 'pending',
        attempt: sql`${charges.attempt} + 1`,
        providerChargeId: null,
        failureMessage: null,
        paymentMethodId: method.id,
        // What this attempt asks the provider for: the answers may have changed the fee since the decline.
        amountCents: line.amountCents,
        label: line.label,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(charges.idempotencyKey, line.idempotencyKey),
          eq(charges.accountId, actor.accountId),
          inArray(charges.status, ['failed', 'requires_action']),
        ),
      )
      .returning({ id: charges.id, attempt: charges.attempt });
    return retried ?? null;
  });
  if (!claimed) {
    const [row] = await ctx.db
      .select({ status: charges.status })
      .from(charges)
      .where(eq(charges.idempotencyKey, line.idempotencyKey));
    if (row && (row.status === 'succeeded' || row.status === 'covered')) return;
    // Another request is paying it right now (or crashed mid-way: the reconcile job settles that).
    throw new AppError('CONFLICT', PAYMENT_MESSAGES.inProgress);
  }
  const settle = (values: Partial<typeof charges.$inferInsert>) =>
    ctx.db
      .update(charges)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(charges.id, claimed.id));
  let result: Awaited<ReturnType<PaymentProvider['charge']>>;
  try {
    result = await payments.charge({
      customerId: input.customerId,
      methodId: method.providerMethodId,
      amountCents: line.amountCents,
      currency: 'usd',
      description: line.label,
      idempotencyKey: providerChargeKey({ idempotencyKey: line.idempotencyKey, attempt: claimed.attempt }),
      metadata: {
        account_id: String(actor.accountId),
        transaction_id: String(input.transactionId),
        task_id: String(line.taskId),
        purpose: line.purpose,
      },
    });
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error; // unknown outcome: the row stays pending
    const message = error.message || PAYMENT_MESSAGES.cardDeclined;
    await settle({ status: 'failed', failureMessage: message });
    throw new AppError('PAYMENT_FAILED', message);
  }
  const status = result.status === 'processing' ? 'pending' : result.status;
  await settle({ status, providerChargeId: result.id, failureMessage: result.failureMessage });
  if (status === 'failed') {
    throw new AppError('PAYMENT_FAILED', result.failureMessage || PAYMENT_MESSAGES.cardDeclined);
  }
  if (status === 'requires_action')
    throw new AppError('PAYMENT_ACTION_REQUIRED', PAYMENT_MESSAGES.requiresAction);
  if (status === 'pending') throw new AppError('CONFLICT', PAYMENT_MESSAGES.inProgress);
}
