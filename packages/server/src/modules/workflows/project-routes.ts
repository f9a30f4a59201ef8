import { flag, idParams, int32Param, rowId, rowIdParam } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { transactions } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createProject } from './create-project.ts';
import { transactionDocuments } from './documents.ts';
import { getQuestionnaire } from './get-questionnaire.ts';
import { getTransaction } from './get-transaction.ts';
import { loadTransactionSummaries } from './load-views.ts';
import { deleteProject, getProject, renameProject } from './projects.ts';
import { setResources } from './resources.ts';
import { routeKit, tags } from './route-kit.ts';
import {
  deleteTransaction,
  finalizeTransaction,
  reopenTransaction,
  updateTransaction,
} from './submit-transaction.ts';
import { TASK_ACTIONS, updateTask } from './update-task.ts';

/** Projects, their task groups (list, questionnaire, finalize, reopen, delete) and tasks. */
export async function projectRoutes(app: App, ctx: AppContext) {
  const { member, inTx, readById, removeById } = routeKit(app, ctx);

  app.post(
    '/api/account/project_template/:id/create',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().max(100) }),
        body: z.object({ label: z.string().max(200).optional() }).nullish(),
      },
    },
    async (request, reply) => {
      const actor = await member(request);
      const { params, body } = request;
      const result = await inTx((tx) =>
        createProject({ tx, actor, templateId: params.id, label: body?.label }),
      );
      const project = await inTx((tx) => getProject({ tx, actor, id: result.projectId }));
      return reply.status(result.created ? 201 : 200).send(project);
    },
  );

  readById('/api/account/project/:id', getProject);

  app.put(
    '/api/account/project/:id',
    { schema: { tags, params: idParams, body: z.object({ label: z.string().max(200) }) } },
    async (request) => {
      const actor = await member(request);
      const { id } = request.params;
      await inTx((tx) => renameProject({ tx, actor, id, label: request.body.label }));
      return inTx((tx) => getProject({ tx, actor, id }));
    },
  );

  removeById('/api/account/project/:id', deleteProject);

  app.get(
    '/api/account/transaction',
    {
      schema: {
        tags,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(5000).default(3000),
          include_history: int32Param.optional(),
          project_id: rowIdParam.optional(),
        }),
      },
    },
    async (request) => {
      const actor = await member(request);
      const { limit, project_id } = request.query;
      const where = project_id ? eq(transactions.projectId, project_id) : undefined;
      return inTx((tx) => loadTransactionSummaries(tx, actor, { where, limit }));
    },
  );

  app.get('/api/account/transaction/:id', { schema: { tags, params: idParams } }, async (request) => {
    const actor = await member(request);
    return inTx((tx) => getTransaction({ tx, actor, id: request.params.id }));
  });

  app.put(
    '/api/account/transaction/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ label: z.string().max(200).optional(), validated_questionnaire: flag.optional() }),
      },
    },
    async (request) => {
      const actor = await member(request);
      const { id } = request.params;
      await inTx((tx) => updateTransaction({ tx, actor, id, input: request.body }));
      return inTx((tx) => getTransaction({ tx, actor, id }));
    },
  );

  app.get(
    '/api/account/transaction/:id/questionnaire',
    { schema: { tags, params: idParams } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => getQuestionnaire({ tx, actor, id: request.params.id }));
    },
  );

  app.post(
    '/api/account/transaction/:id/finalize',
    {
      schema: {
        tags,
        params: idParams,
        body: z
          .object({
            finalize_snapshot: z.unknown().optional(),
            auto_send: flag.optional(),
            redline_enabled: flag.optional(),
          })
          .nullish(),
      },
    },
    async (request) => {
      const actor = await member(request);
      const { id } = request.params;
      await inTx((tx) => finalizeTransaction({ ctx, tx, actor, id }));
      return inTx((tx) => getTransaction({ tx, actor, id }));
    },
  );

  app.patch(
    '/api/account/transaction/:id/reopen',
    { schema: { tags, params: idParams } },
    async (request) => {
      const actor = await member(request);
      const { id } = request.params;
      await inTx((tx) => reopenTransaction({ tx, actor, id }));
      return inTx((tx) => getTransaction({ tx, actor, id }));
    },
  );

  removeById('/api/account/transaction/:id', deleteTransaction);

  readById('/api/account/transaction/:id/documents', transactionDocuments);

  app.put(
    '/api/account/transaction/:id/set_resource',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({
          question_id: z.string().max(100),
          resource_ids: z.array(rowId).max(500),
        }),
      },
    },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => setResources({ tx, actor, id: request.params.id, input: request.body }));
    },
  );

  app.put(
    '/api/account/task/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({
          action: z.enum(TASK_ACTIONS).optional(),
          template_variant_id: z.string().max(100).optional(),
        }),
      },
    },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => updateTask({ ctx, tx, actor, id: request.params.id, input: request.body }));
    },
  );
}
