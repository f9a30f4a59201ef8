import { TEST_AUTHENTICATION_MESSAGE } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { ProviderCharge, ProviderSubscription } from '../../adapters/payments/provider.ts';
import type { AppContext } from '../../context.ts';
import { auditLog, charges, subscriptions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { createInvoice } from './create-invoice.ts';
import { sendReceipt } from './receipt-email.ts';

type ChargeRow = typeof charges.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Writes what a subscribe charge bought once the provider has answered: the subscription row, the settled
 * charge and (when paid) the paid invoice with its line, in one transaction. Used by the subscribe route
 * and by the reconcile job / webhook convergence when the route died after the provider's answer, so it
 * is EXACTLY ONCE whoever gets here first or however often: the subscription lands on its unique
 * idempotency_key (the charge's key), and the charge row is locked and invoiced only while it has no
 * invoice. `actor` is null when the job completes it (the audit row then names the charge's creator).
 */
export async function completeSubscription(
  ctx: AppContext,
  input: {
    charge: ChargeRow;
    planSlug: string;
    interval: 'year' | 'month';
    subscription: ProviderSubscription;
    providerCharge: ProviderCharge | null;
    actor: MemberActor | null;
  },
): Promise<{ row: SubscriptionRow; invoiceId: number | null; paid: boolean; failureMessage: string | null }> {
  const { charge, subscription, providerCharge, actor } = input;
  const paid = subscription.status === 'active' || subscription.status === 'trialing';
  const failureMessage = paid ? null : (providerCharge?.failureMessage ?? TEST_AUTHENTICATION_MESSAGE);
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(charges).where(eq(charges.id, charge.id)).for('update');
    if (!locked) throw new Error('subscription charge not found');
    const [inserted] = await tx
      .insert(subscriptions)
      .values({
        accountId: charge.accountId,
        planSlug: input.planSlug,
        status: subscription.status,
        provider: charge.provider,
        providerSubscriptionId: subscription.id,
        amountCents: charge.amountCents,
        interval: input.interval,
        currentPeriodEnd: subscription.currentPeriodEnd,
        idempotencyKey: charge.idempotencyKey,
      })
      .onConflictDoNothing()
      .returning();
    const row =
      inserted ??
      (
        await tx.select().from(subscriptions).where(eq(subscriptions.idempotencyKey, charge.idempotencyKey))
      )[0];
    if (!row) throw new Error('subscription not saved');
    await tx
      .update(charges)
      .set({
        status: paid ? 'succeeded' : 'requires_action',
        providerChargeId: providerCharge?.id || locked.providerChargeId,
        failureMessage,
        updatedAt: new Date(),
      })
      .where(eq(charges.id, charge.id));
    let invoiceId = locked.invoiceId;
    if (paid && invoiceId === null) {
      const invoice = await createInvoice(tx, {
        accountId: charge.accountId,
        provider: charge.provider,
        status: 'paid',
        lines: [{ label: charge.label, amountCents: charge.amountCents, chargeId: charge.id }],
      });
      invoiceId = invoice.id;
      await sendReceipt(ctx, tx, charge.accountId, invoice.id);
    }
    if (inserted || invoiceId !== locked.invoiceId) {
      const target = {
        subscription_id: row.id,
        plan: input.planSlug,
        status: row.status,
        charge_id: charge.id,
        amount_cents: charge.amountCents,
      };
      if (actor) await recordAudit(tx, actor, 'billing.subscribe', target);
      else {
        await tx.insert(auditLog).values({
          action: 'billing.subscribe.reconciled',
          actorUserId: charge.createdBy,
          impersonatorId: null,
          accountId: charge.accountId,
          target,
        });
      }
    }
    return { row, invoiceId, paid, failureMessage };
  });
}
