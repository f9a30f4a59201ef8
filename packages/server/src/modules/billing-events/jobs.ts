import type { AppContext } from '../../context.ts';
import { BILLING_EVENT_JOB, processBillingEvent } from './process-event.ts';
import { reconcilePendingCharges } from './reconcile-charges.ts';

export function registerBillingEventJobs(ctx: AppContext) {
  ctx.jobs.register(BILLING_EVENT_JOB, (payload) => processBillingEvent(ctx, payload));
}

/** Every minute, pending charges older than a minute are settled by asking the provider. */
export function startBillingReconcile(ctx: AppContext, everyMs = 60_000) {
  const timer = setInterval(() => {
    reconcilePendingCharges(ctx).catch((error) => ctx.log.warn({ err: error }, 'billing reconcile failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
