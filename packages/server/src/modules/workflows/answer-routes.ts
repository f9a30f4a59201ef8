import { idParams, int32, int32Param, offsetParam, rowId, rowIdParam } from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { queryAnswers } from './query-answers.ts';
import {
  createResource,
  deleteResource,
  getResource,
  listResources,
  mergeResources,
  renameResource,
} from './resources.ts';
import { routeKit, tags } from './route-kit.ts';
import { saveAnswer } from './save-answer.ts';

/** Answers (flat features) and the resources questionnaires share. */
export async function answerRoutes(app: App, ctx: AppContext) {
  const { member, inTx, readById, removeById } = routeKit(app, ctx);

  app.post(
    '/api/account/flat_feature',
    {
      schema: {
        tags,
        body: z.object({
          transaction_id: rowId,
          feature_type_id: z.union([z.string(), z.number()]).transform(String),
          resource_id: rowId.nullish(),
          value: z.string().max(20_000),
          access_code: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => saveAnswer({ tx, actor, input: request.body }));
    },
  );

  app.post(
    '/api/account/flat_feature/query',
    { schema: { tags, body: z.object({ transaction_id: rowId }) } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => queryAnswers({ tx, actor, id: request.body.transaction_id }));
    },
  );

  app.post(
    '/api/account/resource',
    {
      schema: {
        tags,
        body: z.object({
          name: z.string().max(300),
          resource_type_id: int32.optional(),
          transaction_id: rowId.optional(),
          question_id: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const actor = await member(request);
      return reply.status(201).send(await inTx((tx) => createResource({ tx, actor, input: request.body })));
    },
  );

  app.get(
    '/api/account/resource/',
    {
      schema: {
        tags,
        querystring: z.object({
          resource_type_id: int32Param.optional(),
          search: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
          offset: offsetParam,
        }),
      },
    },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => listResources({ tx, actor, query: request.query }));
    },
  );

  readById('/api/account/resource/:id', getResource);

  app.patch(
    '/api/account/resource/:id',
    { schema: { tags, params: idParams, body: z.object({ name: z.string().max(300) }) } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => renameResource({ tx, actor, id: request.params.id, name: request.body.name }));
    },
  );

  removeById('/api/account/resource/:id', deleteResource);

  app.put(
    '/api/account/resource/merge/:a/:b',
    {
      schema: {
        tags,
        params: z.object({ a: rowIdParam, b: rowIdParam }),
      },
    },
    async (request) => {
      const actor = await member(request);
      const { a, b } = request.params;
      return inTx((tx) => mergeResources({ tx, actor, draftId: a, targetId: b }));
    },
  );
}
