import { reviewerPageView, reviewSuggestionParams, reviewTokenParams, suggestBody } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { openReview } from './open-review.ts';
import { suggestChange } from './suggest-change.ts';
import { withdrawSuggestion } from './withdraw-suggestion.ts';

const tags = ['public'];
/** Review links are long random secrets; the limit is against scanning and floods, not guessing. */
const REVIEWER_REQUESTS_PER_MINUTE = 120;
const page = { 200: reviewerPageView };

/** The reviewer's side (no sign-in: the link's secret is the credential and chooses the document). */
export async function publicReviewRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(REVIEWER_REQUESTS_PER_MINUTE);
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

  app.post(
    '/api/public/review/:token/open',
    { config: limit, schema: { tags, params: reviewTokenParams, response: page } },
    async (request, reply) => {
      reply.headers(noStore);
      return ctx.db.transaction((tx) => openReview({ tx, secret: request.params.token }));
    },
  );

  app.post(
    '/api/public/review/:token/suggestions',
    { config: limit, schema: { tags, params: reviewTokenParams, body: suggestBody, response: page } },
    async (request, reply) => {
      reply.headers(noStore);
      const { body } = request;
      return ctx.db.transaction((tx) => suggestChange({ tx, secret: request.params.token, body }));
    },
  );

  app.post(
    '/api/public/review/:token/suggestions/:suggestionId/withdraw',
    { config: limit, schema: { tags, params: reviewSuggestionParams, response: page } },
    async (request, reply) => {
      reply.headers(noStore);
      const { token: secret, suggestionId } = request.params;
      return ctx.db.transaction((tx) => withdrawSuggestion({ tx, secret, suggestionId }));
    },
  );
}
