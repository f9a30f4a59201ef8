import {
  addCounselBody,
  assigneeOption,
  counselOptions,
  counselParams,
  counselView,
  idParams,
  messageResponse,
  noContent,
  projectTemplateParams,
  setAssigneeBody,
  todoView,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { addCounsel } from './add-counsel.ts';
import { assignTransaction } from './assign-transaction.ts';
import { deleteTodo } from './delete-todo.ts';
import { listAssigneeOptions } from './list-assignee-options.ts';
import { listCounselOptions } from './list-counsel-options.ts';
import { listTodos } from './list-todos.ts';
import { removeCounsel } from './remove-counsel.ts';
import { routeKit, tags } from './route-kit.ts';
import { updateTodo } from './update-todo.ts';

/** To-dos (recommendations), assigning task groups, and a project's counsel. */
export async function todoRoutes(app: App, ctx: AppContext) {
  const { member, inTx } = routeKit(app, ctx);

  app.get(
    '/api/account/recommendation',
    { schema: { tags, response: { 200: z.array(todoView) } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => listTodos({ tx, actor }));
    },
  );

  app.get(
    '/api/account/recommendation/project_template/:id',
    { schema: { tags, params: projectTemplateParams, response: { 200: z.array(assigneeOption) } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => listAssigneeOptions({ tx, actor, templateId: request.params.id }));
    },
  );

  app.patch(
    '/api/account/recommendation/:id',
    { schema: { tags, params: idParams, body: setAssigneeBody, response: { 200: messageResponse } } },
    async (request) => {
      const actor = await member(request);
      const assigneeId = request.body.assignee_id;
      return inTx((tx) => updateTodo({ tx, actor, id: request.params.id, assigneeId }));
    },
  );

  app.delete(
    '/api/account/recommendation/:id',
    { schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => deleteTodo({ tx, actor, id: request.params.id }));
    },
  );

  app.post(
    '/api/account/transaction/:id/assign',
    { schema: { tags, params: idParams, body: setAssigneeBody, response: { 200: messageResponse } } },
    async (request) => {
      const actor = await member(request);
      const assigneeId = request.body.assignee_id;
      return inTx((tx) => assignTransaction({ tx, actor, id: request.params.id, assigneeId }));
    },
  );

  app.get(
    '/api/account/counsel',
    { schema: { tags, response: { 200: counselOptions } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => listCounselOptions({ tx, actor }));
    },
  );

  app.post(
    '/api/account/project/:id/counsel',
    { schema: { tags, params: idParams, body: addCounselBody, response: { 201: counselView } } },
    async (request, reply) => {
      const actor = await member(request);
      const projectId = request.params.id;
      const counsel = await inTx((tx) => addCounsel({ tx, actor, projectId, input: request.body }));
      return reply.status(201).send(counsel);
    },
  );

  app.delete(
    '/api/account/project/:id/counsel/:counselId',
    { schema: { tags, params: counselParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await member(request);
      const { id: projectId, counselId } = request.params;
      await inTx((tx) => removeCounsel({ tx, actor, projectId, counselId }));
      return reply.status(204).send();
    },
  );
}
