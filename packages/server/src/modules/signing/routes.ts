import {
  createSigningDocumentBody,
  documentView,
  fileBytes,
  idParams,
  LINK_SENT,
  messageResponse,
  ownerPageParams,
  pageImageQuery,
  resendLinkBody,
  saveFieldsBody,
  sendDocumentBody,
  signingDocumentView,
  signingListQuery,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { createSigningDocument } from './create-signing-document.ts';
import { getSigningDocument } from './get-signing-document.ts';
import { listRequiringSignature } from './list-requiring-signature.ts';
import { listSigningDocuments } from './list-task-signing.ts';
import { ownerPageImage } from './owner-page-image.ts';
import { prepareSigning } from './prepare-signing.ts';
import { resendLink } from './resend-link.ts';
import { retrySeal } from './retry-seal.ts';
import { saveFields } from './save-fields.ts';
import { SEAL_JOB, sealDocumentJob, sealJobOptions } from './seal-job.ts';
import { sendDocument } from './send-document.ts';
import { voidDocument } from './void-document.ts';

const tags = ['signing'];
const view = { 200: signingDocumentView };

/** The owner's side of signing: drafts, fields, sending, resending, voiding, sealing again. */
export async function signingRoutes(app: App, ctx: AppContext) {
  ctx.jobs.register(SEAL_JOB, (payload) => sealDocumentJob(ctx, payload), sealJobOptions(ctx));
  const member = (request: Parameters<typeof authenticateAccount>[1]) => authenticateAccount(ctx, request);
  const brandOf = (request: { headers: { host?: string } }) => mailBrandFor(ctx, request.headers.host);

  app.post(
    '/api/account/signing/documents',
    { schema: { tags, body: createSigningDocumentBody, response: { 201: signingDocumentView } } },
    async (request, reply) => {
      const actor = await member(request);
      const created = await ctx.db.transaction((tx) =>
        createSigningDocument({ ctx, tx, actor, body: request.body }),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/account/pandadoc/documents',
    { schema: { tags, querystring: signingListQuery, response: { 200: z.array(signingDocumentView) } } },
    async (request) => {
      const actor = await member(request);
      return ctx.db.transaction((tx) =>
        listSigningDocuments({ ctx, tx, actor, taskId: request.query.task_id }),
      );
    },
  );

  app.get(
    '/api/account/signing/requiring',
    { schema: { tags, response: { 200: z.array(documentView) } } },
    async (request) => {
      const actor = await member(request);
      return ctx.db.transaction((tx) => listRequiringSignature({ tx, actor }));
    },
  );

  app.get(
    '/api/account/signing/documents/:id',
    { schema: { tags, params: idParams, response: view } },
    async (request) => {
      const actor = await member(request);
      return ctx.db.transaction((tx) => getSigningDocument({ ctx, tx, actor, id: request.params.id }));
    },
  );

  app.post(
    '/api/account/signing/documents/:id/prepare',
    { schema: { tags, params: idParams, response: view } },
    async (request) => {
      const actor = await member(request);
      return ctx.db.transaction((tx) => prepareSigning({ ctx, tx, actor, id: request.params.id }));
    },
  );

  app.put(
    '/api/account/signing/documents/:id/fields',
    { schema: { tags, params: idParams, body: saveFieldsBody, response: view } },
    async (request) => {
      const actor = await member(request);
      const { fields } = request.body;
      return ctx.db.transaction((tx) => saveFields({ ctx, tx, actor, id: request.params.id, fields }));
    },
  );

  app.post(
    '/api/account/signing/documents/:id/send',
    { schema: { tags, params: idParams, body: sendDocumentBody, response: view } },
    async (request) => {
      const actor = await member(request);
      const brand = await brandOf(request);
      const options = request.body;
      return ctx.db.transaction((tx) =>
        sendDocument({ ctx, tx, actor, id: request.params.id, options, brand }),
      );
    },
  );

  app.post(
    '/api/account/pandadoc/documents/:id/resend',
    { schema: { tags, params: idParams, body: resendLinkBody, response: { 200: messageResponse } } },
    async (request) => {
      const actor = await member(request);
      const brand = await brandOf(request);
      const { email } = request.body;
      await ctx.db.transaction((tx) => resendLink({ ctx, tx, actor, id: request.params.id, email, brand }));
      return { message: LINK_SENT };
    },
  );

  app.post(
    '/api/account/signing/documents/:id/void',
    { schema: { tags, params: idParams, response: view } },
    async (request) => {
      const actor = await member(request);
      const brand = await brandOf(request);
      return ctx.db.transaction((tx) => voidDocument({ ctx, tx, actor, id: request.params.id, brand }));
    },
  );

  app.post(
    '/api/account/signing/documents/:id/seal',
    { schema: { tags, params: idParams, response: view } },
    async (request) => {
      const actor = await member(request);
      const brand = await brandOf(request);
      const sealing = await ctx.db.transaction((tx) =>
        retrySeal({ ctx, tx, actor, id: request.params.id, brand }),
      );
      ctx.jobs.poke();
      return sealing;
    },
  );

  app.get(
    '/api/account/signing/documents/:id/pages/:page',
    {
      schema: {
        tags,
        params: ownerPageParams,
        querystring: pageImageQuery,
        response: { 200: fileBytes('The page as a PNG') },
      },
    },
    async (request, reply) => {
      const actor = await member(request);
      const { id, page } = request.params;
      const width = request.query.width;
      const png = await ctx.db.transaction((tx) => ownerPageImage({ ctx, tx, actor, id, page, width }));
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
    },
  );
}
