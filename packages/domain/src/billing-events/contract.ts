import { z } from 'zod';

/** POST /api/public/billing/webhook/{provider}: a payment provider's webhook (issue 13). */
export const billingWebhookParams = z.object({ provider: z.enum(['test', 'stripe']) });

/** 200 once the event is stored (duplicate: it had been received before and nothing more was done). */
export const billingWebhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type BillingWebhookAnswer = z.infer<typeof billingWebhookAnswer>;
