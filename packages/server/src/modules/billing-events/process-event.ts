import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { billingEvents } from '../../db/schema/index.ts';
import { convergeCharge, convergeMethod, convergeSubscription } from './converge.ts';

export const BILLING_EVENT_JOB = 'billing-event';

type StripeLikeObject = {
  id?: unknown;
  metadata?: { idempotency_key?: unknown } | null;
  payment_intent?: unknown;
  payment_method?: unknown;
  subscription?: unknown;
  parent?: { subscription_details?: { subscription?: unknown } | null } | null;
};

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * The job behind a stored webhook: works out which of our objects the event is about and converges it to
 * the provider's current state (the event's own copy of the object is only used to find it). Done once:
 * processed_at is set at the end, and a job run again for a processed event does nothing.
 */
export async function processBillingEvent(ctx: AppContext, payload: Record<string, unknown>) {
  const [event] = await ctx.db
    .select()
    .from(billingEvents)
    .where(eq(billingEvents.id, Number(payload.eventId)));
  if (!event || event.processedAt) return;
  const objectId = text(event.payload.object_id) ?? '';
  const raw = event.payload.event as { data?: { object?: StripeLikeObject } } | undefined;
  const object: StripeLikeObject = raw?.data?.object ?? {};
  const type = event.type;

  if (type.startsWith('payment_intent.') || type.startsWith('charge.')) {
    await convergeCharge(ctx, {
      providerName: event.provider,
      providerChargeId: type.startsWith('charge.') ? text(object.payment_intent) : objectId,
      idempotencyKey: text(object.metadata?.idempotency_key),
    });
  } else if (type.startsWith('customer.subscription.')) {
    await convergeSubscription(ctx, event.provider, objectId, text(object.metadata?.idempotency_key));
  } else if (type.startsWith('invoice.')) {
    const subscription = text(object.subscription) ?? text(object.parent?.subscription_details?.subscription);
    if (subscription) await convergeSubscription(ctx, event.provider, subscription);
  } else if (type.startsWith('customer.source.') || type.startsWith('payment_method.')) {
    await convergeMethod(ctx, event.provider, objectId);
  } else if (type.startsWith('setup_intent.')) {
    const method = text(object.payment_method);
    if (method) await convergeMethod(ctx, event.provider, method);
  }
  await ctx.db.update(billingEvents).set({ processedAt: new Date() }).where(eq(billingEvents.id, event.id));
}
