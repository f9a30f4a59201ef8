import { BILLING_MESSAGES, MAX_VERIFY_ATTEMPTS, type MethodChangeView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { PaymentError } from '../../adapters/payments/provider.ts';
import type { AppContext } from '../../context.ts';
import { paymentMethods } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { ensureDefault } from './default-method.ts';
import { allMethods } from './list-methods.ts';
import { authorizeBillingManage } from './policies.ts';
import { presentMethod } from './presenters.ts';
import { providerOf } from './provider-calls.ts';
import { findCustomer, findMethod } from './scope.ts';

/**
 * PUT /api/account/ach/{bankToken}: the two micro-deposit amounts (dollars, as the form sends them).
 * Right → verified (and the default when there is none); wrong → the provider's message, and after
 * MAX_VERIFY_ATTEMPTS wrong tries (or when the deposits failed) → verification_failed.
 */
export async function verifyBank({
  ctx,
  actor,
  methodId,
  amounts,
}: {
  ctx: AppContext;
  actor: MemberActor;
  methodId: number;
  amounts: [number, number];
}): Promise<MethodChangeView> {
  authorizeBillingManage(actor);
  const method = await findMethod(ctx.db, actor.accountId, methodId);
  const customer = await findCustomer(ctx.db, actor.accountId);
  if (method.kind !== 'bank' || method.status !== 'new' || !customer) {
    throw invalid({ amounts: BILLING_MESSAGES.notABank });
  }
  const amountsCents = amounts.map((a) => Math.round(a * 100)) as [number, number];
  let status: 'verified' | 'verification_failed' | 'new';
  let refusal: string | null = null;
  try {
    const answer = await providerOf(ctx, customer).verifyBank({
      customerId: customer.providerCustomerId,
      methodId: method.providerMethodId,
      amountsCents,
    });
    status = answer.status;
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    status = 'new';
    refusal = error.message;
  }
  const result = await ctx.db.transaction(async (tx) => {
    const row = await findMethod(tx, actor.accountId, methodId, true);
    if (row.status !== 'new') return null;
    const attempts = row.verifyAttempts + (status === 'verified' ? 0 : 1);
    const next = status === 'new' && attempts >= MAX_VERIFY_ATTEMPTS ? 'verification_failed' : status;
    await tx
      .update(paymentMethods)
      .set({ status: next, verifyAttempts: attempts })
      .where(eq(paymentMethods.id, row.id));
    if (next === 'verified') await ensureDefault(tx, actor.accountId);
    await recordAudit(tx, actor, 'billing.bank.verify', { payment_method_id: row.id, status: next });
    const saved = await findMethod(tx, actor.accountId, row.id);
    return { next, view: presentMethod(actor, saved), methods: await allMethods(tx, actor) };
  });
  if (!result) throw invalid({ amounts: BILLING_MESSAGES.notABank });
  if (result.next === 'verification_failed')
    throw new AppError('PAYMENT_FAILED', BILLING_MESSAGES.verificationFailed);
  if (result.next === 'new') throw new AppError('PAYMENT_FAILED', refusal ?? BILLING_MESSAGES.wrongAmounts);
  return { method: result.view, methods: result.methods, message: BILLING_MESSAGES.achVerified };
}
