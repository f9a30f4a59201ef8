import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { projects, projectTemplates, transactions } from '../../db/schema/index.ts';
import type { AccountAuth } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { loadAnswers, presentQuestionnaire } from './answers.ts';
import { createProject } from './create-project.ts';
import { transactionDocuments } from './documents.ts';
import { loadTransactionSummaries, loadTransactionView } from './load-views.ts';
import { deleteProject, getProject, renameProject } from './projects.ts';
import { setResources } from './resources.ts';
import { flag, idParams, routeKit, tags } from './route-kit.ts';
import { findTransaction } from './scope.ts';
import {
  deleteTransaction,
  finalizeTransaction,
  reopenTransaction,
  templateFor,
  updateTransaction,
} from './submit-transaction.ts';
import { TASK_ACTIONS, updateTask } from './update-task.ts';

/** Role-3 workspaces see only module 4's task groups (spec 2 §6). */
const moduleFilter = async (ctx: AppContext, auth: AccountAuth) => {
  if (auth.account.roleId !== RESTRICTED_ROLE_ID) return undefined;
  const visible = await ctx.db
    .select({ id: projectTemplates.id })
    .from(projectTemplates)
    .where(eq(projectTemplates.moduleId, 4));
  return inArray(
    transactions.projectId,
    ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        inArray(
          projects.templateId,
          visible.map((v) => v.id),
        ),
      ),
  );
};

/** Projects, their task groups (list, questionnaire, finalize, reopen, delete) and tasks. */
export async function projectRoutes(app: App, ctx: AppContext) {
  const { account, inTx, readById, removeById } = routeKit(app, ctx);

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
      const auth = await account(request);
      const result = await inTx((tx) => createProject(tx, auth, request.params.id, request.body?.label));
      const project = await inTx((tx) => getProject(tx, auth.account.id, result.projectId));
      return reply.status(result.created ? 201 : 200).send(project);
    },
  );

  readById('/api/account/project/:id', getProject);

  app.put(
    '/api/account/project/:id',
    { schema: { tags, params: idParams, body: z.object({ label: z.string().max(200) }) } },
    async (request) => {
      const auth = await account(request);
      await inTx((tx) => renameProject(tx, auth.account.id, request.params.id, request.body.label));
      return inTx((tx) => getProject(tx, auth.account.id, request.params.id));
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
          include_history: z.coerce.number().int().optional(),
          project_id: z.coerce.number().int().positive().optional(),
        }),
      },
    },
    async (request) => {
      const auth = await account(request);
      const { limit, project_id } = request.query;
      const restricted = await moduleFilter(ctx, auth);
      const byProject = project_id ? eq(transactions.projectId, project_id) : undefined;
      const where = restricted && byProject ? sql`${restricted} and ${byProject}` : (restricted ?? byProject);
      return inTx((tx) => loadTransactionSummaries(tx, auth.account.id, { where, limit }));
    },
  );

  app.get('/api/account/transaction/:id', { schema: { tags, params: idParams } }, async (request) => {
    const auth = await account(request);
    const view = await inTx((tx) => loadTransactionView(tx, auth.account.id, request.params.id));
    if (!view) throw notFound('Task not found');
    return view;
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
      const auth = await account(request);
      await inTx((tx) => updateTransaction(tx, auth.account.id, request.params.id, request.body));
      return inTx((tx) => loadTransactionView(tx, auth.account.id, request.params.id));
    },
  );

  app.get(
    '/api/account/transaction/:id/questionnaire',
    { schema: { tags, params: idParams } },
    async (request) => {
      const auth = await account(request);
      return inTx(async (tx) => {
        const transaction = await findTransaction(tx, auth.account.id, request.params.id);
        const { template, transactionTemplate } = await templateFor(tx, transaction);
        const answers = await loadAnswers(tx, transaction.id, transactionTemplate);
        return {
          transaction_id: transaction.id,
          label: transaction.label,
          open: transaction.open,
          is_assessment: template.is_assessment,
          validated_questionnaire: transaction.validatedQuestionnaire,
          validators: transactionTemplate.validators,
          questions: presentQuestionnaire(transactionTemplate, answers),
        };
      });
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
      const auth = await account(request);
      await inTx((tx) => finalizeTransaction(ctx, tx, auth.account.id, request.params.id));
      return inTx((tx) => loadTransactionView(tx, auth.account.id, request.params.id));
    },
  );

  app.patch(
    '/api/account/transaction/:id/reopen',
    { schema: { tags, params: idParams } },
    async (request) => {
      const auth = await account(request);
      await inTx((tx) => reopenTransaction(tx, auth.account.id, request.params.id));
      return inTx((tx) => loadTransactionView(tx, auth.account.id, request.params.id));
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
          resource_ids: z.array(z.number().int().positive()).max(500),
        }),
      },
    },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) => setResources(tx, auth.account.id, request.params.id, request.body));
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
      const auth = await account(request);
      return inTx((tx) => updateTask(ctx, tx, auth.account.id, request.params.id, request.body));
    },
  );
}
