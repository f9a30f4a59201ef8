import { idParams, rowId, rowIdParam } from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { addCounsel, counselOptions, removeCounsel } from './counsel.ts';
import { routeKit, tags } from './route-kit.ts';
import { assigneeOptionsFor, assignTransaction, deleteTodo, listTodos, updateTodo } from './todos.ts';

/** To-dos (recommendations), assigning task groups, and a project's counsel. */
export async function todoRoutes(app: App, ctx: AppContext) {
  const { member, inTx } = routeKit(app, ctx);

  const assignee = z.object({ assignee_id: rowId.nullable() });

  app.get('/api/account/recommendation', { schema: { tags } }, async (request) => {
    const actor = await member(request);
    return inTx((tx) => listTodos({ tx, actor }));
  });

  app.get(
    '/api/account/recommendation/project_template/:id',
    { schema: { tags, params: z.object({ id: z.string().max(100) }) } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => assigneeOptionsFor({ tx, actor, templateId: request.params.id }));
    },
  );

  app.patch(
    '/api/account/recommendation/:id',
    { schema: { tags, params: idParams, body: assignee } },
    async (request) => {
      const actor = await member(request);
      const assigneeId = request.body.assignee_id;
      return inTx((tx) => updateTodo({ tx, actor, id: request.params.id, assigneeId }));
    },
  );

  app.delete('/api/account/recommendation/:id', { schema: { tags, params: idParams } }, async (request) => {
    const actor = await member(request);
    return inTx((tx) => deleteTodo({ tx, actor, id: request.params.id }));
  });

  app.post(
    '/api/account/transaction/:id/assign',
    { schema: { tags, params: idParams, body: assignee } },
    async (request) => {
      const actor = await member(request);
      const assigneeId = request.body.assignee_id;
      return inTx((tx) => assignTransaction({ tx, actor, id: request.params.id, assigneeId }));
    },
  );

  app.get('/api/account/counsel', { schema: { tags } }, async (request) => {
    const actor = await member(request);
    return inTx((tx) => counselOptions({ tx, actor }));
  });

  app.post(
    '/api/account/project/:id/counsel',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({
          counsel_type: z.string().max(100),
          user_id: rowId.nullable(),
        }),
      },
    },
    async (request, reply) => {
      const actor = await member(request);
      const projectId = request.params.id;
      const counsel = await inTx((tx) => addCounsel({ tx, actor, projectId, input: request.body }));
      return reply.status(201).send(counsel);
    },
  );

  app.delete(
    '/api/account/project/:id/counsel/:counselId',
    {
      schema: {
        tags,
        params: z.object({
          id: rowIdParam,
          counselId: rowIdParam,
        }),
      },
    },
    async (request, reply) => {
      const actor = await member(request);
      const { id: projectId, counselId } = request.params;
      await inTx((tx) => removeCounsel({ tx, actor, projectId, counselId }));
      return reply.status(204).send();
    },
  );
}
