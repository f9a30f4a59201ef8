import {
  addRecipientBody,
  customDocumentQuery,
  customDocumentView,
  documentPageQuery,
  documentView,
  fileBytes,
  fileDownloadQuery,
  idParams,
  pickCustomDocumentBody,
  recipientView,
  saveCustomFieldsBody,
  taskUploadResponse,
  userDocumentView,
  wordTemplateView,
} from '@charter/domain';
import { z } from 'zod';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import type { AppContext } from '../../context.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { withUploads } from '../cabinet/with-uploads.ts';
import { addRecipient } from './add-recipient.ts';
import { getCustomDocument } from './get-custom-document.ts';
import { listDocumentHistory } from './list-document-history.ts';
import { listRecipients } from './list-recipients.ts';
import { listUserDocuments } from './list-user-documents.ts';
import { listWordTemplates } from './list-word-templates.ts';
import { pickCustomDocument } from './pick-custom-document.ts';
import { readFile } from './read-file.ts';
import { removeRecipient } from './remove-recipient.ts';
import { routeKit, tags } from './route-kit.ts';
import { saveCustomFields } from './save-custom-fields.ts';
import { uploadTaskDocument } from './upload-task-document.ts';

/** Documents: history, files, task uploads, recipients, the user's documents and custom documents. */
export async function documentRoutes(app: App, ctx: AppContext) {
  const { member, inTx, readById, removeById } = routeKit(app, ctx);

  app.get(
    '/api/account/document_history',
    { schema: { tags, querystring: documentPageQuery, response: { 200: z.array(documentView) } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => listDocumentHistory({ tx, actor, page: request.query }));
    },
  );

  app.get(
    '/api/account/box/file/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: fileDownloadQuery,
        response: { 200: fileBytes('The file as stored, inline or (download=1) as an attachment') },
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

  app.post(
    '/api/account/task/:id/upload',
    {
      config: { upload: { files: 'one', description: "The task's document" } },
      schema: { tags, params: idParams, response: { 201: taskUploadResponse } },
    },
    async (request, reply) => {
      const actor = await member(request);
      const result = await withUploads(ctx, request, (uploads) =>
        uploadTaskDocument({ ctx, actor, taskId: request.params.id, uploads }),
      );
      return reply.status(201).send(result);
    },
  );

  readById('/api/account/document_history/:id/email_recipient', z.array(recipientView), listRecipients);

  app.post(
    '/api/account/document_history/email_recipient',
    { schema: { tags, body: addRecipientBody, response: { 201: recipientView } } },
    async (request, reply) => {
      const actor = await member(request);
      return reply.status(201).send(await inTx((tx) => addRecipient({ tx, actor, input: request.body })));
    },
  );

  removeById('/api/account/document_history/email_recipient/:id', removeRecipient);

  app.get(
    '/api/user/document',
    { schema: { tags, querystring: documentPageQuery, response: { 200: z.array(userDocumentView) } } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return inTx((tx) => listUserDocuments({ tx, actor, page: request.query }));
    },
  );

  app.get(
    '/api/account/storage/my_templates',
    { schema: { tags, response: { 200: z.array(wordTemplateView) } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => listWordTemplates({ tx, actor }));
    },
  );

  app.get(
    '/api/account/custom_document',
    { schema: { tags, querystring: customDocumentQuery, response: { 200: customDocumentView.nullable() } } },
    async (request) => {
      const actor = await member(request);
      return inTx((tx) => getCustomDocument({ tx, actor, taskId: request.query.task_id }));
    },
  );

  app.post(
    '/api/account/custom_document',
    { schema: { tags, body: pickCustomDocumentBody, response: { 201: customDocumentView } } },
    async (request, reply) => {
      const actor = await member(request);
      return reply.status(201).send(await pickCustomDocument({ ctx, actor, input: request.body }));
    },
  );

  app.put(
    '/api/account/custom_document/:id',
    { schema: { tags, params: idParams, body: saveCustomFieldsBody, response: { 200: customDocumentView } } },
    async (request) => {
      const actor = await member(request);
      const { fields } = request.body;
      return inTx((tx) => saveCustomFields({ tx, actor, id: request.params.id, fields }));
    },
  );
}
