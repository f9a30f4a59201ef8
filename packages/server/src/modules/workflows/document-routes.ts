import { idParams, int32Param, rowId, rowIdParam } from '@charter/domain';
import { z } from 'zod';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import type { AppContext } from '../../context.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { withUploads } from '../cabinet/routes.ts';
import { getCustomDocument, myTemplates, pickCustomDocument, saveCustomFields } from './custom-documents.ts';
import { documentHistory, readFile, userDocuments } from './documents.ts';
import { addRecipient, listRecipients, removeRecipient } from './recipients.ts';
import { routeKit, tags } from './route-kit.ts';
import { uploadTaskDocument } from './upload-document.ts';

/** Newest first, a page at a time: `before` is the last id seen. */
const documentPage = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: rowIdParam.optional(),
});

/** Documents: history, files, task uploads, recipients, the user's documents and custom documents. */
export async function documentRoutes(app: App, ctx: AppContext) {
  const { member, inTx, readById, removeById } = routeKit(app, ctx);

  app.get(
    '/api/account/document_history',
    { schema: { tags, querystring: documentPage } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => documentHistory({ tx, actor, page: request.query }));
    },
  );

  app.get(
    '/api/account/box/file/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ download: int32Param.optional() }),
      },
    },
    async (request, reply) => {
      const actor = await member(request);
      const { file, bytes } = await readFile({ ctx, actor, id: request.params.id });
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

  app.post('/api/account/task/:id/upload', { schema: { tags, params: idParams } }, async (request, reply) => {
    const actor = await member(request);
    const result = await withUploads(ctx, request, (uploads) =>
      uploadTaskDocument({ ctx, actor, taskId: request.params.id, uploads }),
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
          document_id: rowId,
          email: z.string().max(320).optional(),
          metadata: z
            .object({ name: z.string().max(200).optional(), role: z.string().max(100).optional() })
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const actor = await member(request);
      return reply.status(201).send(await inTx((tx) => addRecipient({ tx, actor, input: request.body })));
    },
  );

  removeById('/api/account/document_history/email_recipient/:id', removeRecipient);

  app.get('/api/user/document', { schema: { tags, querystring: documentPage } }, async (request) => {
    const actor = await authenticateUser(ctx, request);
    return inTx((tx) => userDocuments({ tx, actor, page: request.query }));
  });

  app.get('/api/account/storage/my_templates', { schema: { tags } }, async (request) => {
    const actor = await member(request);
    return inTx((tx) => myTemplates({ tx, actor }));
  });

  app.get(
    '/api/account/custom_document',
    { schema: { tags, querystring: z.object({ task_id: rowIdParam }) } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => getCustomDocument({ tx, actor, taskId: request.query.task_id }));
    },
  );

  app.post(
    '/api/account/custom_document',
    {
      schema: {
        tags,
        body: z.object({
          account_task_id: rowId,
          file_id: rowId,
        }),
      },
    },
    async (request, reply) => {
      const actor = await member(request);
      return reply.status(201).send(await pickCustomDocument({ ctx, actor, input: request.body }));
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
      const actor = await member(request);
      const { fields } = request.body;
      return inTx((tx) => saveCustomFields({ tx, actor, id: request.params.id, fields }));
    },
  );
}
