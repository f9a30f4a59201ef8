import fs from 'node:fs/promises';
import path from 'node:path';
import { RESTRICTED_ROLE_ID } from '@charter/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import { spool } from '../../adapters/storage/spool.ts';
import type { AppContext } from '../../context.ts';
import { type AccountAuth, authenticateAccount, authenticateUser } from '../../http/authenticate.ts';
import { AppError, invalid } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { uploadFailure } from '../../http/upload-failure.ts';
import { assertFileReadable, findReadableFile } from '../workflows/documents.ts';
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
import { previewPdf, removeFileBytes } from './previews.ts';

export const NO_CABINET_ACCESS = 'You do not have access to the file cabinet.';

const tags = ['cabinet'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The cabinet needs filecabinet_access, and is closed to restricted (role 3) workspaces (spec 1 §6). */
export const hasCabinetAccess = (auth: AccountAuth) =>
  auth.user.filecabinetAccess && auth.account.roleId !== RESTRICTED_ROLE_ID;

async function authenticateCabinet(ctx: AppContext, request: FastifyRequest) {
  const auth = await authenticateAccount(ctx, request);
  if (!hasCabinetAccess(auth)) {
    throw new AppError('FORBIDDEN', NO_CABINET_ACCESS);
  }
  return auth;
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
          offset: z.coerce.number().int().min(0).default(0),
        }),
      },
    },
    async (request) => {
      const auth = await authenticateCabinet(ctx, request);
      return listFolder(ctx.db, auth.account.id, request.query);
    },
  );

  app.post(
    '/api/account/storage/folder',
    { schema: { tags, body: z.object({ path: z.string().max(2000) }) } },
    async (request, reply) => {
      const auth = await authenticateCabinet(ctx, request);
      const folder = await ctx.db.transaction((tx) => createFolder(tx, auth.account.id, request.body.path));
      return reply.status(201).send(folder);
    },
  );

  app.patch(
    '/api/account/storage/folder/:id',
    { schema: { tags, params: idParams, body: z.object({ name: z.string().max(200) }) } },
    async (request) => {
      const auth = await authenticateCabinet(ctx, request);
      return ctx.db.transaction((tx) =>
        renameFolder(tx, auth.account.id, request.params.id, request.body.name),
      );
    },
  );

  app.delete(
    '/api/account/storage/folder/:id',
    { schema: { tags, params: idParams } },
    async (request, reply) => {
      const auth = await authenticateCabinet(ctx, request);
      await ctx.db.transaction((tx) => deleteFolder(tx, auth.account.id, request.params.id));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/storage/upload',
    { schema: { tags, querystring: z.object({ path: z.string().max(2000).default('/') }) } },
    async (request, reply) => {
      const auth = await authenticateCabinet(ctx, request);
      const stored = await withUploads(ctx, request, (uploads) =>
        storeUploads(ctx, auth.account.id, auth.user.id, request.query.path, uploads),
      );
      return reply.status(201).send(stored);
    },
  );

  app.get('/api/account/box/file/:id/info', { schema: { tags, params: idParams } }, async (request) => {
    const auth = await authenticateCabinet(ctx, request);
    return ctx.db.transaction((tx) => fileInfo(tx, auth.account.id, request.params.id));
  });

  app.get(
    '/api/account/box/file/:id/preview',
    { schema: { tags, params: idParams } },
    async (request, reply) => {
      // Like GET box/file: a task's document for any member, other files with cabinet access.
      const auth = await authenticateAccount(ctx, request);
      const file = await findReadableFile(ctx.db, auth.account.id, request.params.id, hasCabinetAccess(auth));
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
      const auth = await authenticateCabinet(ctx, request);
      return ctx.db.transaction((tx) => updateFile(tx, auth.account.id, request.params.id, request.body));
    },
  );

  app.delete('/api/account/box/file/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    const auth = await authenticateCabinet(ctx, request);
    const file = await ctx.db.transaction((tx) => deleteFile(tx, auth.account.id, request.params.id));
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
            .array(z.number().int().positive())
            .min(1)
            .max(MAX_FILES_PER_UPLOAD * 10),
        }),
      },
    },
    async (request, reply) => {
      const auth = await authenticateCabinet(ctx, request);
      const stream = await zipFiles(ctx, auth.account.id, request.body.file_ids);
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('Documents.zip', 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.post(
    '/api/account/storage/token',
    { schema: { tags, body: z.object({ file_id: z.number().int().positive() }) } },
    async (request) => {
      // Like GET box/file: a task's document for any member, other files with cabinet access.
      const auth = await authenticateAccount(ctx, request);
      return ctx.db.transaction(async (tx) => {
        await assertFileReadable(tx, auth.account.id, request.body.file_id, hasCabinetAccess(auth));
        return fileToken(tx, auth.account.id, request.body.file_id);
      });
    },
  );

  app.get('/api/user/document/:id/token', { schema: { tags, params: idParams } }, async (request) => {
    const auth = await authenticateUser(ctx, request);
    return ctx.db.transaction((tx) => documentToken(tx, auth.user.id, request.params.id));
  });

  app.get(
    '/api/public/file/:token',
    {
      schema: {
        tags: ['public'],
        params: z.object({ token: z.string().min(20).max(100) }),
        querystring: z.object({ preview: z.coerce.number().int().optional() }),
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
