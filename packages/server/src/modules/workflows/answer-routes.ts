import {
  answersView,
  createResourceBody,
  idParams,
  mergeResourcesParams,
  parseAnswerParams,
  parsedAnswerView,
  queryAnswersBody,
  renameResourceBody,
  resourceDetail,
  resourceListQuery,
  resourceView,
  saveAnswerBody,
  savedAnswer,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { createResource } from './create-resource.ts';
import { deleteResource } from './delete-resource.ts';
import { getResource } from './get-resource.ts';
import { listResources } from './list-resources.ts';
import { mergeResources } from './merge-resources.ts';
import { parseStoredAnswer } from './parse-stored-answer.ts';
import { queryAnswers } from './query-answers.ts';
import { renameResource } from './rename-resource.ts';
import { routeKit, tags } from './route-kit.ts';
import { saveAnswer } from './save-answer.ts';

/** Answers (flat features) and the resources questionnaires share. */
export async function answerRoutes(app: App, ctx: AppContext) {
  const { member, inTx, readById, removeById } = routeKit(app, ctx);

  app.post(
    '/api/account/flat_feature',
    { schema: { tags, body: saveAnswerBody, response: { 200: savedAnswer } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => saveAnswer({ tx, actor, input: request.body }));
    },
  );

  app.post(
    '/api/account/flat_feature/query',
    { schema: { tags, body: queryAnswersBody, response: { 200: answersView } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => queryAnswers({ tx, actor, id: request.body.transaction_id }));
    },
  );

  app.get(
    '/api/account/transaction/:id/parse/:path',
    { schema: { tags, params: parseAnswerParams, response: { 200: parsedAnswerView } } },
    async (request) => {
      const actor = await member(request);
      const { id, path } = request.params;
      return inTx((tx) => parseStoredAnswer({ tx, actor, id, path }));
    },
  );

  app.post(
    '/api/account/resource',
    { schema: { tags, body: createResourceBody, response: { 201: resourceView } } },
    async (request, reply) => {
      const actor = await member(request);
      return reply.status(201).send(await inTx((tx) => createResource({ tx, actor, input: request.body })));
    },
  );

  app.get(
    '/api/account/resource/',
    { schema: { tags, querystring: resourceListQuery, response: { 200: z.array(resourceView) } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => listResources({ tx, actor, query: request.query }));
    },
  );

  readById('/api/account/resource/:id', resourceDetail, getResource);

  app.patch(
    '/api/account/resource/:id',
    { schema: { tags, params: idParams, body: renameResourceBody, response: { 200: resourceView } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => renameResource({ tx, actor, id: request.params.id, name: request.body.name }));
    },
  );

  removeById('/api/account/resource/:id', deleteResource);

  app.put(
    '/api/account/resource/merge/:a/:b',
    { schema: { tags, params: mergeResourcesParams, response: { 200: resourceView } } },
    async (request) => {
      const actor = await member(request);
      const { a, b } = request.params;
      return inTx((tx) => mergeResources({ tx, actor, draftId: a, targetId: b }));
    },
  );
}
