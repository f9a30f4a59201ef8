import {
  decideSuggestionBody,
  idParams,
  messageResponse,
  REVIEWER_SET,
  redlineResponse,
  redlineView,
  redliningBody,
  reviewersResponse,
  reviewerView,
  setReviewersBody,
  suggestionParams,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { findSigningDocument } from '../signing/scope.ts';
import { approveForSignature } from './approve-for-signature.ts';
import { approveSuggestions } from './approve-suggestions.ts';
import { decideSuggestion } from './decide-suggestion.ts';
import { presentRedline, presentReviewer } from './presenters.ts';
import { reviewersOf } from './scope.ts';
import { setRedlining } from './set-redlining.ts';
import { setReviewers } from './set-reviewers.ts';

const tags = ['review'];
const withRedline = { 200: redlineResponse };

/** The owner's side of review: reviewers, the redline, decisions on suggestions, revisions, approval. */
export async function reviewRoutes(app: App, ctx: AppContext) {
  const member = (request: Parameters<typeof authenticateAccount>[1]) => authenticateAccount(ctx, request);
  const brandOf = (request: { headers: { host?: string } }) => mailBrandFor(ctx, request.headers.host);
  const base = '/api/account/pandadoc/documents/:id';

  app.get(
    `${base}/reviewer`,
    { schema: { tags, params: idParams, response: { 200: z.array(reviewerView) } } },
    async (request) => {
      const actor = await member(request);
      return ctx.db.transaction(async (tx) => {
        const document = await findSigningDocument(tx, actor, request.params.id);
        return (await reviewersOf(tx, document.id)).map(presentReviewer);
      });
    },
  );

  app.post(
    `${base}/reviewer`,
    { schema: { tags, params: idParams, body: setReviewersBody, response: { 200: reviewersResponse } } },
    async (request) => {
      const actor = await member(request);
      const brand = await brandOf(request);
      const { reviewers } = request.body;
      const list = await ctx.db.transaction((tx) =>
        setReviewers({ ctx, tx, actor, id: request.params.id, reviewers, brand }),
      );
      return { message: REVIEWER_SET, reviewers: list };
    },
  );

  app.get(
    `${base}/redline`,
    { schema: { tags, params: idParams, response: { 200: redlineView } } },
    async (request) => {
      const actor = await member(request);
      return ctx.db.transaction(async (tx) =>
        presentRedline(tx, await findSigningDocument(tx, actor, request.params.id)),
      );
    },
  );

  app.patch(
    `${base}/redline`,
    { schema: { tags, params: idParams, body: redliningBody, response: { 200: messageResponse } } },
    async (request) => {
      const actor = await member(request);
      const allowed = request.body.redlining_allowed;
      return ctx.db.transaction((tx) => setRedlining({ tx, actor, id: request.params.id, allowed }));
    },
  );

  app.post(
    `${base}/redline`,
    { schema: { tags, params: idParams, response: withRedline } },
    async (request) => {
      const actor = await member(request);
      const brand = await brandOf(request);
      return ctx.db.transaction((tx) => approveSuggestions({ ctx, tx, actor, id: request.params.id, brand }));
    },
  );

  app.put(
    `${base}/suggestions/:suggestionId`,
    { schema: { tags, params: suggestionParams, body: decideSuggestionBody, response: withRedline } },
    async (request) => {
      const actor = await member(request);
      const { id, suggestionId } = request.params;
      const { status } = request.body;
      return ctx.db.transaction((tx) => decideSuggestion({ tx, actor, id, suggestionId, status }));
    },
  );

  app.post(
    `${base}/approve`,
    { schema: { tags, params: idParams, response: withRedline } },
    async (request) => {
      const actor = await member(request);
      const brand = await brandOf(request);
      return ctx.db.transaction((tx) =>
        approveForSignature({ ctx, tx, actor, id: request.params.id, brand }),
      );
    },
  );
}
