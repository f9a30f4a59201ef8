import {
  createdOutsideForm,
  createOutsideFormBody,
  idParams,
  noContent,
  outsideFormListQuery,
  outsideFormParams,
  outsideFormView,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { cancelOutsideForms } from './cancel-outside-forms.ts';
import { createOutsideForm } from './create-outside-form.ts';
import { listOutsideForms } from './list-outside-forms.ts';
import { resendOutsideForm } from './resend-outside-form.ts';

const tags = ['outside-forms'];

/** A workspace's side of outside forms: share a task's questionnaire, list, cancel, resend. */
export async function outsideFormRoutes(app: App, ctx: AppContext) {
  const brandOf = (host: string | undefined) => mailBrandFor(ctx, host);

  app.post(
    '/api/account/transaction/:id/outside',
    {
      schema: { tags, params: idParams, body: createOutsideFormBody, response: { 201: createdOutsideForm } },
    },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const brand = await brandOf(request.headers.host);
      const created = await ctx.db.transaction((tx) =>
        createOutsideForm({ ctx, tx, actor, transactionId: request.params.id, body: request.body, brand }),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/account/transaction/:id/outside',
    { schema: { tags, params: idParams, response: { 200: z.array(outsideFormView) } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { url } = await brandOf(request.headers.host);
      return ctx.db.transaction((tx) =>
        listOutsideForms({ ctx, tx, actor, transactionId: request.params.id, baseUrl: url }),
      );
    },
  );

  app.get(
    '/api/account/outside_forms',
    { schema: { tags, querystring: outsideFormListQuery, response: { 200: z.array(outsideFormView) } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { url } = await brandOf(request.headers.host);
      const { transaction_id: transactionId, room_id: roomId } = request.query;
      return ctx.db.transaction((tx) =>
        listOutsideForms({ ctx, tx, actor, transactionId, roomId, baseUrl: url }),
      );
    },
  );

  app.delete(
    '/api/account/transaction/:id/outside',
    { schema: { tags, params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      await ctx.db.transaction((tx) => cancelOutsideForms({ tx, actor, id: request.params.id }));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/transaction/:id/outside/:formId/resend',
    { schema: { tags, params: outsideFormParams, response: { 200: outsideFormView } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const brand = await brandOf(request.headers.host);
      const { id, formId } = request.params;
      return ctx.db.transaction((tx) =>
        resendOutsideForm({ ctx, tx, actor, transactionId: id, formId, brand }),
      );
    },
  );
}
