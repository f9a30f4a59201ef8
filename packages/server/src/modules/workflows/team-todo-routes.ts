import {
  assigneeOption,
  messageResponse,
  setAssigneeBody,
  teamRowParams,
  teamTemplateParams,
  userTodoView,
} from '@charter/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { actOnAccount, type ClientActor } from '../partners/client-actor.ts';
import { assignTransaction } from './assign-transaction.ts';
import { deleteTodo } from './delete-todo.ts';
import { listAssigneeOptions } from './list-assignee-options.ts';
import { listUserTodos } from './list-user-todos.ts';
import { updateTodo } from './update-todo.ts';

const tags = ['workflows'];
const base = '/api/user/dashboard/_account/:accountId';

/**
 * The team view and the personal dashboard (spec 1 §6, §7 To-dos): the to-do calls of todo-routes.ts,
 * made by the signed-in user for a workspace named in the path: theirs, or a client of their partner.
 */
export async function teamTodoRoutes(app: App, ctx: AppContext) {
  /** The user, then, inside the request's transaction, what they are in the workspace of the path. */
  const inWorkspace = async <T>(
    request: FastifyRequest,
    accountId: number,
    work: (tx: Tx, actor: ClientActor) => Promise<T>,
  ) => {
    const user = await authenticateUser(ctx, request);
    return ctx.db.transaction(async (tx) => work(tx, await actOnAccount({ tx, actor: user, accountId })));
  };

  app.get(
    '/api/user/recommendation',
    { schema: { tags, response: { 200: z.array(userTodoView) } } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return ctx.db.transaction((tx) => listUserTodos({ tx, actor }));
    },
  );

  app.get(
    `${base}/recommendation/project_template/:id`,
    { schema: { tags, params: teamTemplateParams, response: { 200: z.array(assigneeOption) } } },
    async (request) => {
      const { accountId, id: templateId } = request.params;
      return inWorkspace(request, accountId, (tx, actor) => listAssigneeOptions({ tx, actor, templateId }));
    },
  );

  app.patch(
    `${base}/recommendation/:id`,
    { schema: { tags, params: teamRowParams, body: setAssigneeBody, response: { 200: messageResponse } } },
    async (request) => {
      const { accountId, id } = request.params;
      const assigneeId = request.body.assignee_id;
      return inWorkspace(request, accountId, (tx, actor) => updateTodo({ tx, actor, id, assigneeId }));
    },
  );

  app.delete(
    `${base}/recommendation/:id`,
    { schema: { tags, params: teamRowParams, response: { 200: messageResponse } } },
    async (request) => {
      const { accountId, id } = request.params;
      return inWorkspace(request, accountId, (tx, actor) => deleteTodo({ tx, actor, id }));
    },
  );

  app.post(
    `${base}/transaction/:id/assign`,
    { schema: { tags, params: teamRowParams, body: setAssigneeBody, response: { 200: messageResponse } } },
    async (request) => {
      const { accountId, id } = request.params;
      const assigneeId = request.body.assignee_id;
      return inWorkspace(request, accountId, (tx, actor) => assignTransaction({ tx, actor, id, assigneeId }));
    },
  );
}
