import fs from 'node:fs/promises';
import path from 'node:path';
import { idParams, int32Param, offsetParam, rowId } from '@charter/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import { spool } from '../../adapters/storage/spool.ts';
import type { AppContext } from '../../context.ts';
import { authenticateAccount, authenticateUser } from '../../http/authenticate.ts';
import { forbidden, invalid } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { uploadFailure } from '../../http/upload-failure.ts';
import { findReadableFile } from '../workflows/documents.ts';
import { documentToken, fileByToken, fileToken } from './file-tokens.ts';
import {
  deleteFile,
  fileInfo,
  MAX_FILES_PER_UPLOAD,
  storeUploads,
  type Upload,
  updateFile,
  zipFiles,
} from './files.ts';
import { createFolder, deleteFolder, listFolder, renameFolder } from './folders.ts';
import { canUseCabinet, NO_CABINET_ACCESS } from './policies.ts';
import { previewPdf, removeFileBytes } from './previews.ts';

const tags = ['cabinet'];

/** A member who may use the file cabinet (cabinet policy), or 403. */
async function authenticateCabinet(ctx: AppContext, request: FastifyRequest) {
  const actor = await authenticateAccount(ctx, request);
  if (!canUseCabinet(actor)) throw forbidden(NO_CABINET_ACCESS);
  return actor;
}

/**
 * Every file part of a multipart request, spooled to DATA_DIR/tmp as it arrives (the plugin caps each
 * file's size), then handed to `use`; the spooled files are removed afterwards, whatever happens.
 */
export async function withUploads<T>(
  ctx: AppContext,
  request: FastifyRequest,
  use: (uploads: Upload[]) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw invalid({ file: 'Choose a file to upload.' });
  const uploads: Upload[] = [];
  try {
    for await (const part of request.files()) {
      const file = await spool(part.file, path.join(ctx.config.dataDir, 'tmp'));
      uploads.push({ filename: part.filename, file });
      if (part.file.truncated) throw invalid({ file: 'The file is too large.' });
    }
    return await use(uploads);
  } catch (error) {
    throw uploadFailure(request, error);
  } finally {
    await Promise.all(uploads.map((upload) => fs.rm(upload.file.path, { force: true })));
  }
}

/** A preview PDF, named after its file (report.docx -> report.pdf), shown inline and never cached. */
function sendPreview(reply: FastifyReply, filename: string, pdf: Buffer) {
  const name = `${filename.replace(/\.[^.]*$/, '')}.pdf`;
  return reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(name, 'inline'))
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .send(pdf);
}

export async function cabinetRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/account/storage/folder',
    {
      schema: {
        tags,
        querystring: z.object({
          path: z.string().max(2000).default('/'),
          limit: z.coerce.number().int().min(1).max(500).default(200),
          offset: offsetParam,
        }),
      },
    },
    async (request) => {
      const actor = await authenticateCabinet(ctx, request);
      return listFolder({ tx: ctx.db, actor, query: request.query });
    },
  );

  app.post(
    '/api/account/storage/folder',
    { schema: { tags, body: z.object({ path: z.string().max(2000) }) } },
    async (request, reply) => {
      const actor = await authenticateCabinet(ctx, request);
      const folder = await ctx.db.transaction((tx) => createFolder({ tx, actor, path: request.body.path }));
      return reply.status(201).send(folder);
    },
  );

  app.patch(
    '/api/account/storage/folder/:id',
    { schema: { tags, params: idParams, body: z.object({ name: z.string().max(200) }) } },
    async (request) => {
      const actor = await authenticateCabinet(ctx, request);
      return ctx.db.transaction((tx) =>
        renameFolder({ tx, actor, id: request.params.id, name: request.body.name }),
      );
    },
  );

  app.delete(
    '/api/account/storage/folder/:id',
    { schema: { tags, params: idParams } },
    async (request, reply) => {
      const actor = await authenticateCabinet(ctx, request);
      await ctx.db.transaction((tx) => deleteFolder({ tx, actor, id: request.params.id }));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/storage/upload',
    { schema: { tags, querystring: z.object({ path: z.string().max(2000).default('/') }) } },
    async (request, reply) => {
      const actor = await authenticateCabinet(ctx, request);
      const stored = await withUploads(ctx, request, (uploads) =>
        storeUploads({ ctx, actor, folder: request.query.path, uploads }),
      );
      return reply.status(201).send(stored);
    },
  );

  app.get('/api/account/box/file/:id/info', { schema: { tags, params: idParams } }, async (request) => {
    const actor = await authenticateCabinet(ctx, request);
    return ctx.db.transaction((tx) => fileInfo({ tx, actor, id: request.params.id }));
  });

  app.get(
    '/api/account/box/file/:id/preview',
    { schema: { tags, params: idParams } },
    async (request, reply) => {
      // Like GET box/file: a task's document for any member, other files with cabinet access.
      const actor = await authenticateAccount(ctx, request);
      const file = await findReadableFile(ctx.db, actor, request.params.id);
      return sendPreview(reply, file.filename, await previewPdf(ctx, file));
    },
  );

  app.put(
    '/api/account/box/file/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ filename: z.string().max(300).optional(), path: z.string().max(2000).optional() }),
      },
    },
    async (request) => {
      const actor = await authenticateCabinet(ctx, request);
      return ctx.db.transaction((tx) =>
        updateFile({ tx, actor, id: request.params.id, input: request.body }),
      );
    },
  );

  app.delete('/api/account/box/file/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    const actor = await authenticateCabinet(ctx, request);
    const file = await ctx.db.transaction((tx) => deleteFile({ tx, actor, id: request.params.id }));
    // The row is gone first: a failure here leaves unreachable bytes, never a row without its file.
    await removeFileBytes(ctx, file);
    return reply.status(204).send();
  });

  app.post(
    '/api/account/storage/download-zip',
    {
      schema: {
        tags,
        body: z.object({
          file_ids: z
            .array(rowId)
            .min(1)
            .max(MAX_FILES_PER_UPLOAD * 10),
        }),
      },
    },
    async (request, reply) => {
      const actor = await authenticateCabinet(ctx, request);
      const stream = await zipFiles({ ctx, actor, ids: request.body.file_ids });
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('Documents.zip', 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.post(
    '/api/account/storage/token',
    { schema: { tags, body: z.object({ file_id: rowId }) } },
    async (request) => {
      // Like GET box/file: a task's document for any member, other files with cabinet access.
      const actor = await authenticateAccount(ctx, request);
      return ctx.db.transaction((tx) => fileToken({ tx, actor, fileId: request.body.file_id }));
    },
  );

  app.get('/api/user/document/:id/token', { schema: { tags, params: idParams } }, async (request) => {
    const actor = await authenticateUser(ctx, request);
    return ctx.db.transaction((tx) => documentToken({ tx, actor, documentId: request.params.id }));
  });

  app.get(
    '/api/public/file/:token',
    {
      schema: {
        tags: ['public'],
        params: z.object({ token: z.string().min(20).max(100) }),
        querystring: z.object({ preview: int32Param.optional() }),
      },
    },
    async (request, reply) => {
      const file = await fileByToken(ctx, request.params.token);
      // ?preview=1: the file as the preview modal shows it (office files as PDF).
      if (request.query.preview) return sendPreview(reply, file.filename, await previewPdf(ctx, file));
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.filename, 'inline'))
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(await ctx.storage.get(file.storageKey));
    },
  );
}
