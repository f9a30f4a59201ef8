import { billingWebhookAnswer, billingWebhookParams } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { registerBillingEventJobs } from './jobs.ts';
import { receiveWebhook } from './receive-webhook.ts';

const tags = ['public'];
/** Stripe's events are small; a body this large is not one of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Provider webhooks (issue 13). Its own plugin: the route needs the raw body for the signature. */
export async function billingEventRoutes(app: App, ctx: AppContext) {
  registerBillingEventJobs(ctx);
  await app.register(async (plugin) => {
    const scoped = plugin as App;
    scoped.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scoped.post(
      '/api/public/billing/webhook/:provider',
      { schema: { tags, params: billingWebhookParams, response: { 200: billingWebhookAnswer } } },
      async (request) => {
        const signature = request.headers['stripe-signature'] ?? request.headers['webhook-signature'];
        return receiveWebhook({
          ctx,
          providerName: request.params.provider,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: Array.isArray(signature) ? signature[0] : signature,
        });
      },
    );
  });
}
