import { DEFAULT_STRIPE_DOMAIN } from '@charter/domain';
import { PaymentError, type PaymentProvider } from '../../adapters/payments/provider.ts';
import type { AppContext } from '../../context.ts';
import { billingEvents } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { BILLING_EVENT_JOB } from './process-event.ts';

export const BAD_SIGNATURE = 'The webhook signature does not verify.';

/** The provider a webhook path names, when this installation runs it. */
export function webhookProvider(ctx: AppContext, name: string): PaymentProvider {
  if (name !== ctx.payments.defaultName) throw notFound();
  return ctx.payments.byName(name, DEFAULT_STRIPE_DOMAIN);
}

/**
 * POST /api/public/billing/webhook/{provider}: the signature is checked first (nothing is stored for a
 * body that does not verify), then the event is stored under its provider's event id (a replay lands on
 * the unique index and is a no-op) and a job converges our rows to the provider's current state.
 */
export async function receiveWebhook({
  ctx,
  providerName,
  rawBody,
  signature,
}: {
  ctx: AppContext;
  providerName: string;
  rawBody: Buffer;
  signature: string | undefined;
}): Promise<{ received: true; duplicate: boolean }> {
  const provider = webhookProvider(ctx, providerName);
  let event: ReturnType<PaymentProvider['readWebhook']>;
  try {
    event = provider.readWebhook({ rawBody, signature });
  } catch (error) {
    if (error instanceof PaymentError) throw new AppError('VALIDATION_ERROR', BAD_SIGNATURE);
    throw error;
  }
  return ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(billingEvents)
      .values({
        provider: provider.name,
        eventId: event.id,
        type: event.type,
        payload: { object_id: event.objectId, event: event.payload },
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!stored) return { received: true as const, duplicate: true };
    await ctx.jobs.enqueue(tx, BILLING_EVENT_JOB, { eventId: stored.id });
    return { received: true as const, duplicate: false };
  });
}
