import {
  createProjectBody,
  documentView,
  finalizeTransactionBody,
  idParams,
  messageResponse,
  projectTemplateParams,
  projectView,
  questionnaireView,
  renameProjectBody,
  resourceSelection,
  setResourcesBody,
  setReviewersBody,
  transactionListQuery,
  transactionSummary,
  transactionView,
  updateTaskBody,
  updateTransactionBody,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { authorizeSharing } from '../auth/policies.ts';
import { payForSubmission } from '../billing-charges/pay-submission.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { createProject } from './create-project.ts';
import { deleteProject } from './delete-project.ts';
import { deleteTransaction } from './delete-transaction.ts';
import { finalizeTransaction } from './finalize-transaction.ts';
import { getProject } from './get-project.ts';
import { getQuestionnaire } from './get-questionnaire.ts';
import { getTransaction } from './get-transaction.ts';
import { listTransactionDocuments } from './list-transaction-documents.ts';
import { listTransactions } from './list-transactions.ts';
import { renameProject } from './rename-project.ts';
import { reopenTransaction } from './reopen-transaction.ts';
import { routeKit, tags } from './route-kit.ts';
import { setResources } from './set-resources.ts';
import { setTransactionReviewers } from './set-transaction-reviewers.ts';
import { updateTask } from './update-task.ts';
import { updateTransaction } from './update-transaction.ts';

/** Projects, their task groups (list, questionnaire, finalize, reopen, delete) and tasks. */
export async function projectRoutes(app: App, ctx: AppContext) {
  const { member, inTx, readById, removeById } = routeKit(app, ctx);

  app.post(
    '/api/account/project_template/:id/create',
    {
      schema: {
        tags,
        params: projectTemplateParams,
        body: createProjectBody,
        // 201 with the new project; 200 with the workspace's own when the template is not repeatable.
        response: { 200: projectView, 201: projectView },
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

  readById('/api/account/project/:id', projectView, getProject);

  app.put(
    '/api/account/project/:id',
    { schema: { tags, params: idParams, body: renameProjectBody, response: { 200: projectView } } },
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
    { schema: { tags, querystring: transactionListQuery, response: { 200: z.array(transactionSummary) } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => listTransactions({ tx, actor, query: request.query }));
    },
  );

  readById('/api/account/transaction/:id', transactionView, getTransaction);

  app.put(
    '/api/account/transaction/:id',
    { schema: { tags, params: idParams, body: updateTransactionBody, response: { 200: transactionView } } },
    async (request) => {
      const actor = await member(request);
      const { id } = request.params;
      await inTx((tx) => updateTransaction({ tx, actor, id, input: request.body }));
      return inTx((tx) => getTransaction({ tx, actor, id }));
    },
  );

  readById('/api/account/transaction/:id/questionnaire', questionnaireView, getQuestionnaire);

  app.put(
    '/api/account/transaction/:id/reviewers',
    { schema: { tags, params: idParams, body: setReviewersBody, response: { 200: messageResponse } } },
    async (request) => {
      const actor = await member(request);
      const { id } = request.params;
      const { reviewers } = request.body;
      return inTx((tx) => setTransactionReviewers({ tx, actor, id, reviewers }));
    },
  );

  app.post(
    '/api/account/transaction/:id/finalize',
    {
      schema: { tags, params: idParams, body: finalizeTransactionBody, response: { 200: transactionView } },
    },
    async (request) => {
      const actor = await member(request);
      const { id } = request.params;
      // auto_send: documents with signers go out for signature as soon as they are generated.
      const send = request.body?.auto_send ? { brand: await mailBrandFor(ctx, request.headers.host) } : null;
      // Mailing documents out is sharing (auth/policies.ts): refused before anything is charged.
      if (send) authorizeSharing(actor);
      // Fees and add-ons are charged first (each its own commit, never twice); then the submission.
      await payForSubmission({ ctx, actor, id });
      await inTx((tx) => finalizeTransaction({ ctx, tx, actor, id, send }));
      return inTx((tx) => getTransaction({ tx, actor, id }));
    },
  );

  app.patch(
    '/api/account/transaction/:id/reopen',
    { schema: { tags, params: idParams, response: { 200: transactionView } } },
    async (request) => {
      const actor = await member(request);
      const { id } = request.params;
      await inTx((tx) => reopenTransaction({ tx, actor, id }));
      return inTx((tx) => getTransaction({ tx, actor, id }));
    },
  );

  removeById('/api/account/transaction/:id', deleteTransaction);

  readById('/api/account/transaction/:id/documents', z.array(documentView), listTransactionDocuments);

  app.put(
    '/api/account/transaction/:id/set_resource',
    { schema: { tags, params: idParams, body: setResourcesBody, response: { 200: resourceSelection } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => setResources({ tx, actor, id: request.params.id, input: request.body }));
    },
  );

  app.put(
    '/api/account/task/:id',
    { schema: { tags, params: idParams, body: updateTaskBody, response: { 200: messageResponse } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => updateTask({ ctx, tx, actor, id: request.params.id, input: request.body }));
    },
  );
}
