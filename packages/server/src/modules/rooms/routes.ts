import {
  addRoomDocumentBody,
  addRoomFeatureBody,
  createRoomBody,
  featureChoicesQuery,
  featureChoices as featureChoicesSchema,
  idParams,
  noContent,
  removeRoomFeatureQuery,
  renameRoomFeatureBody,
  roomCodeLink as roomCodeLinkSchema,
  roomDetail,
  roomDocumentParams,
  roomDocumentView,
  roomFeatureParams,
  roomLinkBody,
  roomLinkParams,
  roomLinkView,
  roomListQuery,
  roomSwapParams,
  roomTableView,
  roomView,
  updateRoomBody,
  updateRoomDocumentBody,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { withUploads } from '../cabinet/with-uploads.ts';
import { addRoomDocument } from './add-room-document.ts';
import { addRoomFeature } from './add-room-feature.ts';
import { addRoomLink } from './add-room-link.ts';
import { createRoom } from './create-room.ts';
import { deleteRoom } from './delete-room.ts';
import { deleteRoomLink } from './delete-room-link.ts';
import { featureChoices } from './feature-choices.ts';
import { getRoom } from './get-room.ts';
import { listRoomDocuments } from './list-room-documents.ts';
import { listRoomLinks } from './list-room-links.ts';
import { listRooms } from './list-rooms.ts';
import { regenerateRoomCode } from './regenerate-room-code.ts';
import { removeRoomDocument } from './remove-room-document.ts';
import { removeRoomFeature } from './remove-room-feature.ts';
import { renameRoomFeature } from './rename-room-feature.ts';
import { roomCodeLink } from './room-code-link.ts';
import { swapRoomDocuments } from './swap-room-documents.ts';
import { swapRoomLinks } from './swap-room-links.ts';
import { updateRoom } from './update-room.ts';
import { updateRoomDocument } from './update-room-document.ts';
import { updateRoomLink } from './update-room-link.ts';
import { uploadRoomDocuments } from './upload-room-documents.ts';

const tags = ['rooms'];
const base = '/api/account/admin/room';

/** The room admin's routes (spec 3 §7 "Room calls with paths"). */
export async function roomRoutes(app: App, ctx: AppContext) {
  app.get(
    base,
    { schema: { tags, querystring: roomListQuery, response: { 200: z.array(roomView) } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const open = request.query.open;
      return listRooms({ tx: ctx.db, actor, openOnly: open === 'true' || open === '1' });
    },
  );

  app.post(
    base,
    { schema: { tags, body: createRoomBody, response: { 201: roomView } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const room = await ctx.db.transaction((tx) => createRoom({ ctx, tx, actor, input: request.body }));
      return reply.status(201).send(room);
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: idParams, response: { 200: roomDetail } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return getRoom({ tx: ctx.db, actor, id: request.params.id });
    },
  );

  app.put(
    `${base}/:id`,
    { schema: { tags, params: idParams, body: updateRoomBody, response: { 200: roomView } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return ctx.db.transaction((tx) =>
        updateRoom({ tx, actor, id: request.params.id, input: request.body }),
      );
    },
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      await ctx.db.transaction((tx) => deleteRoom({ tx, actor, id: request.params.id }));
      return reply.status(204).send();
    },
  );

  app.get(
    `${base}/:id/code-link`,
    { schema: { tags, params: idParams, response: { 200: roomCodeLinkSchema } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { url } = await mailBrandFor(ctx, request.headers.host);
      return ctx.db.transaction((tx) =>
        roomCodeLink({ ctx, tx, actor, id: request.params.id, baseUrl: url }),
      );
    },
  );

  app.post(
    `${base}/:id/code-link/regenerate`,
    { schema: { tags, params: idParams, response: { 200: roomCodeLinkSchema } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { url } = await mailBrandFor(ctx, request.headers.host);
      return ctx.db.transaction((tx) =>
        regenerateRoomCode({ ctx, tx, actor, id: request.params.id, baseUrl: url }),
      );
    },
  );

  // Links
  app.get(
    `${base}/:id/link`,
    { schema: { tags, params: idParams, response: { 200: z.array(roomLinkView) } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return listRoomLinks({ tx: ctx.db, actor, id: request.params.id });
    },
  );

  app.post(
    `${base}/:id/link`,
    { schema: { tags, params: idParams, body: roomLinkBody, response: { 201: roomLinkView } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const link = await ctx.db.transaction((tx) =>
        addRoomLink({ tx, actor, id: request.params.id, input: request.body }),
      );
      return reply.status(201).send(link);
    },
  );

  app.put(
    `${base}/:id/link/:linkId`,
    { schema: { tags, params: roomLinkParams, body: roomLinkBody, response: { 200: roomLinkView } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { id, linkId } = request.params;
      return ctx.db.transaction((tx) => updateRoomLink({ tx, actor, id, linkId, input: request.body }));
    },
  );

  app.delete(
    `${base}/:id/link/:linkId`,
    { schema: { tags, params: roomLinkParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const { id, linkId } = request.params;
      await ctx.db.transaction((tx) => deleteRoomLink({ tx, actor, id, linkId }));
      return reply.status(204).send();
    },
  );

  app.patch(
    `${base}/:id/link/:a/swap/:b`,
    { schema: { tags, params: roomSwapParams, response: { 200: z.array(roomLinkView) } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { id, a, b } = request.params;
      return ctx.db.transaction(async (tx) => {
        await swapRoomLinks({ tx, actor, id, a, b });
        return listRoomLinks({ tx, actor, id });
      });
    },
  );

  // Documents
  app.get(
    `${base}/:id/document`,
    { schema: { tags, params: idParams, response: { 200: z.array(roomDocumentView) } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return listRoomDocuments({ tx: ctx.db, actor, id: request.params.id });
    },
  );

  app.post(
    `${base}/:id/document`,
    { schema: { tags, params: idParams, body: addRoomDocumentBody, response: { 201: roomDocumentView } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const doc = await ctx.db.transaction((tx) =>
        addRoomDocument({ tx, actor, id: request.params.id, input: request.body }),
      );
      return reply.status(201).send(doc);
    },
  );

  app.post(
    `${base}/:id/document/upload`,
    {
      config: { upload: { files: 'many', description: 'The files to add to the room as documents' } },
      schema: { tags, params: idParams, response: { 201: z.array(roomDocumentView) } },
    },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const docs = await withUploads(ctx, request, (uploads) =>
        uploadRoomDocuments({ ctx, actor, id: request.params.id, uploads }),
      );
      return reply.status(201).send(docs);
    },
  );

  app.put(
    `${base}/:id/document/:docId`,
    {
      schema: {
        tags,
        params: roomDocumentParams,
        body: updateRoomDocumentBody,
        response: { 200: roomDocumentView },
      },
    },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { id, docId } = request.params;
      return ctx.db.transaction((tx) => updateRoomDocument({ tx, actor, id, docId, input: request.body }));
    },
  );

  app.delete(
    `${base}/:id/document/:docId`,
    { schema: { tags, params: roomDocumentParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const { id, docId } = request.params;
      await ctx.db.transaction((tx) => removeRoomDocument({ tx, actor, id, docId }));
      return reply.status(204).send();
    },
  );

  app.patch(
    `${base}/:id/document/:a/swap/:b`,
    { schema: { tags, params: roomSwapParams, response: { 200: z.array(roomDocumentView) } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { id, a, b } = request.params;
      return ctx.db.transaction(async (tx) => {
        await swapRoomDocuments({ tx, actor, id, a, b });
        return listRoomDocuments({ tx, actor, id });
      });
    },
  );

  // Resource tables ("features")
  app.post(
    `${base}/:id/feature`,
    { schema: { tags, params: idParams, body: addRoomFeatureBody, response: { 201: roomTableView } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const table = await ctx.db.transaction((tx) =>
        addRoomFeature({ tx, actor, id: request.params.id, input: request.body }),
      );
      return reply.status(201).send(table);
    },
  );

  app.put(
    `${base}/:id/feature/:featureId`,
    {
      schema: {
        tags,
        params: roomFeatureParams,
        body: renameRoomFeatureBody,
        response: { 200: roomTableView },
      },
    },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { id, featureId } = request.params;
      return ctx.db.transaction((tx) =>
        renameRoomFeature({ tx, actor, id, featureId, label: request.body.label }),
      );
    },
  );

  app.delete(
    `${base}/:id/feature/:featureId`,
    {
      schema: {
        tags,
        params: roomFeatureParams,
        querystring: removeRoomFeatureQuery,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const { id, featureId } = request.params;
      const { field, resource_id: resourceId } = request.query;
      await ctx.db.transaction((tx) => removeRoomFeature({ tx, actor, id, featureId, field, resourceId }));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/account/feature',
    { schema: { tags, querystring: featureChoicesQuery, response: { 200: featureChoicesSchema } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return featureChoices({ tx: ctx.db, actor, resourceTypeId: request.query.resource_type_id });
    },
  );
}
