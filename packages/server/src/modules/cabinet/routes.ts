import {
  binaryResponse,
  cabinetFileInfo,
  cabinetFolder,
  cabinetSearchQuery,
  cabinetSearchResult,
  createFolderBody,
  deleteFilesBody,
  fileLink,
  fileTokenBody,
  fileTokenParams,
  folderListing,
  folderQuery,
  idParams,
  moveFilesBody,
  noContent,
  publicFileQuery,
  renameFolderBody,
  storedFile,
  updateFileBody,
  uploadQuery,
  zipFilesBody,
} from '@charter/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import type { AppContext } from '../../context.ts';
import { authenticateAccount, authenticateUser } from '../../http/authenticate.ts';
import { forbidden } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { findReadableFile } from '../workflows/documents.ts';
import { createFolder } from './create-folder.ts';
import { deleteFiles } from './delete-files.ts';
import { deleteFolder } from './delete-folder.ts';
import { documentToken } from './document-token.ts';
import { fileByToken } from './file-by-token.ts';
import { fileInfo } from './file-info.ts';
import { fileToken } from './file-token.ts';
import { listFolder } from './list-folder.ts';
import { moveFiles } from './move-files.ts';
import { canUseCabinet, NO_CABINET_ACCESS } from './policies.ts';
import { previewPdf, removeFileBytes } from './previews.ts';
import { renameFolder } from './rename-folder.ts';
import { searchCabinet } from './search-cabinet.ts';
import { storeUploads } from './store-uploads.ts';
import { updateFile } from './update-file.ts';
import { withUploads } from './with-uploads.ts';
import { zipFiles } from './zip-files.ts';

const tags = ['cabinet'];

/** A member who may use the file cabinet (cabinet policy), or 403. */
async function authenticateCabinet(ctx: AppContext, request: FastifyRequest) {
  const actor = await authenticateAccount(ctx, request);
  if (!canUseCabinet(actor)) throw forbidden(NO_CABINET_ACCESS);
  return actor;
}

const previewResponse = binaryResponse('The file as PDF (office files converted)', 'application/pdf');

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
    { schema: { tags, querystring: folderQuery, response: { 200: folderListing } } },
    async (request) => {
      const actor = await authenticateCabinet(ctx, request);
      return listFolder({ tx: ctx.db, actor, query: request.query });
    },
  );

  app.get(
    '/api/account/storage/search',
    { schema: { tags, querystring: cabinetSearchQuery, response: { 200: cabinetSearchResult } } },
    async (request) => {
      const actor = await authenticateCabinet(ctx, request);
      return ctx.db.transaction((tx) => searchCabinet({ tx, actor, query: request.query }));
    },
  );

  app.post(
    '/api/account/storage/folder',
    { schema: { tags, body: createFolderBody, response: { 201: cabinetFolder } } },
    async (request, reply) => {
      const actor = await authenticateCabinet(ctx, request);
      const folder = await ctx.db.transaction((tx) => createFolder({ tx, actor, path: request.body.path }));
      return reply.status(201).send(folder);
    },
  );

  app.patch(
    '/api/account/storage/folder/:id',
    { schema: { tags, params: idParams, body: renameFolderBody, response: { 200: cabinetFolder } } },
    async (request) => {
      const actor = await authenticateCabinet(ctx, request);
      return ctx.db.transaction((tx) =>
        renameFolder({ tx, actor, id: request.params.id, name: request.body.name }),
      );
    },
  );

  app.delete(
    '/api/account/storage/folder/:id',
    { schema: { tags, params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateCabinet(ctx, request);
      await ctx.db.transaction((tx) => deleteFolder({ tx, actor, id: request.params.id }));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/storage/upload',
    {
      config: { upload: { files: 'many', description: 'The files to store in the folder `path`' } },
      schema: { tags, querystring: uploadQuery, response: { 201: z.array(storedFile) } },
    },
    async (request, reply) => {
      const actor = await authenticateCabinet(ctx, request);
      const stored = await withUploads(ctx, request, (uploads) =>
        storeUploads({ ctx, actor, folder: request.query.path, uploads }),
      );
      return reply.status(201).send(stored);
    },
  );

  app.get(
    '/api/account/box/file/:id/info',
    { schema: { tags, params: idParams, response: { 200: cabinetFileInfo } } },
    async (request) => {
      const actor = await authenticateCabinet(ctx, request);
      return ctx.db.transaction((tx) => fileInfo({ tx, actor, id: request.params.id }));
    },
  );

  app.get(
    '/api/account/box/file/:id/preview',
    { schema: { tags, params: idParams, response: { 200: previewResponse } } },
    async (request, reply) => {
      // Like GET box/file: a task's document for any member, other files with cabinet access.
      const actor = await authenticateAccount(ctx, request);
      const file = await findReadableFile(ctx.db, actor, request.params.id);
      return sendPreview(reply, file.filename, await previewPdf(ctx, file));
    },
  );

  app.put(
    '/api/account/box/file/:id',
    { schema: { tags, params: idParams, body: updateFileBody, response: { 200: storedFile } } },
    async (request) => {
      const actor = await authenticateCabinet(ctx, request);
      return ctx.db.transaction((tx) =>
        updateFile({ tx, actor, id: request.params.id, input: request.body }),
      );
    },
  );

  app.delete(
    '/api/account/box/file/:id',
    { schema: { tags, params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateCabinet(ctx, request);
      const deleted = await ctx.db.transaction((tx) => deleteFiles({ tx, actor, ids: [request.params.id] }));
      // The row is gone first: a failure here leaves unreachable bytes, never a row without its file.
      for (const file of deleted) await removeFileBytes(ctx, file);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/storage/files/move',
    { schema: { tags, body: moveFilesBody, response: { 200: z.array(storedFile) } } },
    async (request) => {
      const actor = await authenticateCabinet(ctx, request);
      return ctx.db.transaction((tx) => moveFiles({ tx, actor, body: request.body }));
    },
  );

  app.post(
    '/api/account/storage/files/delete',
    { schema: { tags, body: deleteFilesBody, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateCabinet(ctx, request);
      const deleted = await ctx.db.transaction((tx) =>
        deleteFiles({ tx, actor, ids: request.body.file_ids }),
      );
      // The rows are gone first: a failure here leaves unreachable bytes, never a row without its file.
      for (const file of deleted) await removeFileBytes(ctx, file);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/storage/download-zip',
    {
      schema: {
        tags,
        body: zipFilesBody,
        response: { 200: binaryResponse('The chosen files as Documents.zip', 'application/zip') },
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
    { schema: { tags, body: fileTokenBody, response: { 200: fileLink } } },
    async (request) => {
      // Like GET box/file: a task's document for any member, other files with cabinet access.
      const actor = await authenticateAccount(ctx, request);
      return ctx.db.transaction((tx) => fileToken({ tx, actor, fileId: request.body.file_id }));
    },
  );

  app.get(
    '/api/user/document/:id/token',
    { schema: { tags, params: idParams, response: { 200: fileLink } } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return ctx.db.transaction((tx) => documentToken({ tx, actor, documentId: request.params.id }));
    },
  );

  app.get(
    '/api/public/file/:token',
    {
      schema: {
        tags: ['public'],
        params: fileTokenParams,
        querystring: publicFileQuery,
        // The stored file's own type, or application/pdf with ?preview=1.
        response: { 200: binaryResponse('The file, inline, while its link lasts', '*/*') },
      },
    },
    async (request, reply) => {
      const file = await fileByToken({ tx: ctx.db, token: request.params.token });
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
