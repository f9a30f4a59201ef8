import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { projects, projectTemplates, transactions } from '../../db/schema/index.ts';
import { type AccountAuth, authenticateAccount, authenticateUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { hasCabinetAccess, withUploads } from '../cabinet/routes.ts';
import { loadAnswers, presentQuestionnaire } from './answers.ts';
import { addCounsel, counselOptions, removeCounsel } from './counsel.ts';
import { createProject } from './create-project.ts';
import { getCustomDocument, myTemplates, pickCustomDocument, saveCustomFields } from './custom-documents.ts';
import { documentHistory, readFile, transactionDocuments, userDocuments } from './documents.ts';
import { registerWorkflowJobs } from './jobs.ts';
import { loadTransactionSummaries, loadTransactionView } from './load-views.ts';
import { deleteProject, getProject, renameProject } from './projects.ts';
import { addRecipient, listRecipients, removeRecipient } from './recipients.ts';
import {
  createResource,
  deleteResource,
  getResource,
  listResources,
  mergeResources,
  renameResource,
  setResources,
} from './resources.ts';
import { saveAnswer } from './save-answer.ts';
import { findTransaction } from './scope.ts';
import {
  deleteTransaction,
  finalizeTransaction,
  reopenTransaction,
  templateFor,
  updateTransaction,
} from './submit-transaction.ts';
import { assigneeOptionsFor, assignTransaction, deleteTodo, listTodos, updateTodo } from './todos.ts';
import { TASK_ACTIONS, updateTask } from './update-task.ts';
import { uploadTaskDocument } from './upload-document.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['workflows'];
/** 0/1 as the spec's client sends them, or booleans. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean);

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

export async function workflowRoutes(app: App, ctx: AppContext) {
  registerWorkflowJobs(ctx);
  const account = (request: Parameters<typeof authenticateAccount>[1]) => authenticateAccount(ctx, request);
  const inTx = <T>(work: Parameters<typeof ctx.db.transaction<T>>[0]) => ctx.db.transaction(work);
  type ByIdOperation<T> = (tx: Tx, accountId: number, id: number) => Promise<T>;
  /** GET {path} with an :id: one operation in the caller's workspace, its result as the answer. */
  const readById = <T>(path: string, read: ByIdOperation<T>) =>
    app.get(path, { schema: { tags, params: idParams } }, async (request) => {
      const auth = await account(request);
      return inTx((tx) => read(tx, auth.account.id, request.params.id));
    });
  /** DELETE {path} with an :id: one operation in the caller's workspace, then 204. */
  const removeById = (path: string, remove: ByIdOperation<unknown>) =>
    app.delete(path, { schema: { tags, params: idParams } }, async (request, reply) => {
      const auth = await account(request);
      await inTx((tx) => remove(tx, auth.account.id, request.params.id));
      return reply.status(204).send();
    });

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

  app.post(
    '/api/account/flat_feature',
    {
      schema: {
        tags,
        body: z.object({
          transaction_id: z.number().int().positive(),
          feature_type_id: z.union([z.string(), z.number()]).transform(String),
          resource_id: z.number().int().positive().nullish(),
          value: z.string().max(20_000),
          access_code: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) => saveAnswer(tx, auth.account.id, request.body));
    },
  );

  app.post(
    '/api/account/flat_feature/query',
    { schema: { tags, body: z.object({ transaction_id: z.number().int().positive() }) } },
    async (request) => {
      const auth = await account(request);
      return inTx(async (tx) => {
        const transaction = await findTransaction(tx, auth.account.id, request.body.transaction_id);
        const { transactionTemplate } = await templateFor(tx, transaction);
        return loadAnswers(tx, transaction.id, transactionTemplate);
      });
    },
  );

  app.post(
    '/api/account/resource',
    {
      schema: {
        tags,
        body: z.object({
          name: z.string().max(300),
          resource_type_id: z.number().int().optional(),
          transaction_id: z.number().int().positive().optional(),
          question_id: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const auth = await account(request);
      return reply.status(201).send(await inTx((tx) => createResource(tx, auth.account.id, request.body)));
    },
  );

  app.get(
    '/api/account/resource/',
    {
      schema: {
        tags,
        querystring: z.object({
          resource_type_id: z.coerce.number().int().optional(),
          search: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
          offset: z.coerce.number().int().min(0).default(0),
        }),
      },
    },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) => listResources(tx, auth.account.id, request.query));
    },
  );

  readById('/api/account/resource/:id', getResource);

  app.patch(
    '/api/account/resource/:id',
    { schema: { tags, params: idParams, body: z.object({ name: z.string().max(300) }) } },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) => renameResource(tx, auth.account.id, request.params.id, request.body.name));
    },
  );

  removeById('/api/account/resource/:id', deleteResource);

  app.put(
    '/api/account/resource/merge/:a/:b',
    {
      schema: {
        tags,
        params: z.object({ a: z.coerce.number().int().positive(), b: z.coerce.number().int().positive() }),
      },
    },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) => mergeResources(tx, auth.account.id, request.params.a, request.params.b));
    },
  );

  app.get(
    '/api/account/document_history',
    {
      schema: {
        tags,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          before: z.coerce.number().int().positive().optional(),
        }),
      },
    },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) => documentHistory(tx, auth.account.id, request.query));
    },
  );

  app.get(
    '/api/account/box/file/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ download: z.coerce.number().int().optional() }),
      },
    },
    async (request, reply) => {
      const auth = await account(request);
      const { file, bytes } = await readFile(ctx, auth.account.id, request.params.id, hasCabinetAccess(auth));
      return reply
        .type(file.contentType)
        .header(
          'content-disposition',
          contentDisposition(file.filename, request.query.download ? 'attachment' : 'inline'),
        )
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  const assignee = z.object({ assignee_id: z.number().int().positive().nullable() });

  app.get('/api/account/recommendation', { schema: { tags } }, async (request) => {
    const auth = await account(request);
    const restricted = auth.account.roleId === RESTRICTED_ROLE_ID ? 4 : null;
    return inTx((tx) => listTodos(tx, auth.account.id, restricted));
  });

  app.get(
    '/api/account/recommendation/project_template/:id',
    { schema: { tags, params: z.object({ id: z.string().max(100) }) } },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) => assigneeOptionsFor(tx, auth.account.id, request.params.id));
    },
  );

  app.patch(
    '/api/account/recommendation/:id',
    { schema: { tags, params: idParams, body: assignee } },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) => updateTodo(tx, auth.account.id, request.params.id, request.body.assignee_id));
    },
  );

  app.delete('/api/account/recommendation/:id', { schema: { tags, params: idParams } }, async (request) => {
    const auth = await account(request);
    return inTx((tx) => deleteTodo(tx, auth.account.id, request.params.id));
  });

  app.post(
    '/api/account/transaction/:id/assign',
    { schema: { tags, params: idParams, body: assignee } },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) =>
        assignTransaction(tx, auth.account.id, request.params.id, request.body.assignee_id),
      );
    },
  );

  app.get('/api/account/counsel', { schema: { tags } }, async (request) => {
    const auth = await account(request);
    return inTx((tx) => counselOptions(tx, auth.account.id));
  });

  app.post(
    '/api/account/project/:id/counsel',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({
          counsel_type: z.string().max(100),
          user_id: z.number().int().positive().nullable(),
        }),
      },
    },
    async (request, reply) => {
      const auth = await account(request);
      const counsel = await inTx((tx) => addCounsel(tx, auth.account.id, request.params.id, request.body));
      return reply.status(201).send(counsel);
    },
  );

  app.delete(
    '/api/account/project/:id/counsel/:counselId',
    {
      schema: {
        tags,
        params: z.object({
          id: z.coerce.number().int().positive(),
          counselId: z.coerce.number().int().positive(),
        }),
      },
    },
    async (request, reply) => {
      const auth = await account(request);
      await inTx((tx) => removeCounsel(tx, auth.account.id, request.params.id, request.params.counselId));
      return reply.status(204).send();
    },
  );

  app.post('/api/account/task/:id/upload', { schema: { tags, params: idParams } }, async (request, reply) => {
    const auth = await account(request);
    const result = await withUploads(ctx, request, (uploads) =>
      uploadTaskDocument(ctx, auth.account.id, auth.user.id, request.params.id, uploads),
    );
    return reply.status(201).send(result);
  });

  readById('/api/account/document_history/:id/email_recipient', listRecipients);

  app.post(
    '/api/account/document_history/email_recipient',
    {
      schema: {
        tags,
        body: z.object({
          document_id: z.number().int().positive(),
          email: z.string().max(320).optional(),
          metadata: z
            .object({ name: z.string().max(200).optional(), role: z.string().max(100).optional() })
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const auth = await account(request);
      return reply.status(201).send(await inTx((tx) => addRecipient(tx, auth.account.id, request.body)));
    },
  );

  removeById('/api/account/document_history/email_recipient/:id', removeRecipient);

  app.get(
    '/api/user/document',
    {
      schema: {
        tags,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          before: z.coerce.number().int().positive().optional(),
        }),
      },
    },
    async (request) => {
      const auth = await authenticateUser(ctx, request);
      return inTx((tx) => userDocuments(tx, auth.user.id, request.query));
    },
  );

  app.get('/api/account/storage/my_templates', { schema: { tags } }, async (request) => {
    const auth = await account(request);
    return inTx((tx) => myTemplates(tx, auth.account.id));
  });

  app.get(
    '/api/account/custom_document',
    { schema: { tags, querystring: z.object({ task_id: z.coerce.number().int().positive() }) } },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) => getCustomDocument(tx, auth.account.id, request.query.task_id));
    },
  );

  app.post(
    '/api/account/custom_document',
    {
      schema: {
        tags,
        body: z.object({
          account_task_id: z.number().int().positive(),
          file_id: z.number().int().positive(),
        }),
      },
    },
    async (request, reply) => {
      const auth = await account(request);
      return reply.status(201).send(await pickCustomDocument(ctx, auth.account.id, request.body));
    },
  );

  app.put(
    '/api/account/custom_document/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ fields: z.record(z.string().max(100), z.string().max(2000)) }),
      },
    },
    async (request) => {
      const auth = await account(request);
      return inTx((tx) => saveCustomFields(tx, auth.account.id, request.params.id, request.body.fields));
    },
  );
}
