import {
  binaryResponse,
  guestRoomFormList,
  guestRoomParams,
  guestRoomQuery,
  guestRoomView,
  idParams,
  NDA_MESSAGES,
  noContent,
  redeemRoomCodeBody,
  roomChallengeBody,
  roomChallengeParams,
  roomChallengeView,
  roomFileLinkView,
  roomFileParams,
  roomFileQuery,
  roomHistoryBody,
  roomHistoryList,
  roomNdaStartView,
  roomSessionView,
  verifyRoomChallengeBody,
} from '@charter/domain';
import type { FastifyRequest } from 'fastify';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import { AppError } from '../../http/errors.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { previewPdf } from '../cabinet/previews.ts';
import { startRoomNda } from '../room-nda/start-room-nda.ts';
import { viewerOfFileToken } from './file-viewer.ts';
import { findMemberRoom, findRoomAndPartsByCode, findRoomByCode } from './find-room.ts';
import { listOwnHistory } from './list-history.ts';
import { listRoomForms } from './list-room-forms.ts';
import { openRoom } from './open-room.ts';
import { rememberPageCount } from './page-count.ts';
import { recordHistory } from './record-history.ts';
import { attemptClient, redeemRoomCode } from './redeem-room-code.ts';
import { requestVerification } from './request-verification.ts';
import { readCredentials, readVisitorKey, resolveViewer } from './resolve-viewer.ts';
import { assertMayDownload, findViewableFile, issueRoomFileToken } from './room-file.ts';
import { verifyVisitor } from './verify-visitor.ts';
import { watermarkForViewer } from './watermark-hook.ts';

const tags = ['guest'];
const GUEST_REQUESTS_PER_MINUTE = 240;
/** Personal links are long random secrets, each client refused after 5 wrong tries; this limit is against floods. */
const REDEEM_PER_MINUTE = 30;
const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/**
 * Visitors' room calls (spec 3 §7): the room is always the one the code in the path opens, and the viewer
 * is whoever the request's session, sign-in or browser key proves (resolve-viewer.ts, policies.ts).
 */
export async function roomVisitorRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(GUEST_REQUESTS_PER_MINUTE);

  /**
   * The room of the code and the viewer let into it. GETs may make a visitor row or count a visit, but
   * change no sign-in, so they are not WRITES (which would clear every cached token on each room view);
   * nor are reads rate-limited (the codes are 128-bit: nothing to guess), only the calls that try secrets.
   */
  const enter = async (request: FastifyRequest, code: string) => {
    const credentials = await readCredentials(ctx, request);
    return ctx.db.transaction(async (tx) => {
      const room = await findRoomByCode(tx, code);
      return { room, viewer: await resolveViewer(tx, room, credentials) };
    });
  };

  app.get(
    '/api/guest/rooms/:code',
    {
      schema: {
        tags,
        params: guestRoomParams,
        querystring: guestRoomQuery,
        response: { 200: guestRoomView },
      },
    },
    async (request, reply) => {
      const credentials = await readCredentials(ctx, request);
      reply.headers(noStore);
      const visit = request.query.visit === '1';
      const view = async (tx: Tx) => {
        const { room, parts, keyVisitor } = await findRoomAndPartsByCode(
          tx,
          request.params.code,
          credentials.key,
        );
        const viewer = await resolveViewer(tx, room, credentials, { keyVisitor });
        return openRoom({ tx, room, parts, viewer, visit });
      };
      // A page load counts a visit (three writes that go together): in a transaction. A poll writes nothing
      // but a first-seen browser's visitor row (one statement, atomic on its own), and in READ COMMITTED a
      // transaction gives its reads no common snapshot anyway: it runs without BEGIN and COMMIT (unprepared
      // calls on the embedded database, which also holds every other request back until COMMIT; round
      // trips on PostgreSQL).
      return visit ? ctx.db.transaction(view) : view(ctx.db);
    },
  );

  // The room's NDA (room-nda): a visitor known by email starts (or resumes) signing it through Charter's own
  // signing page; each start issues a fresh link, hence the limit.
  app.post(
    '/api/guest/rooms/:code/nda',
    {
      config: authRateLimit(REDEEM_PER_MINUTE),
      schema: { tags, params: guestRoomParams, response: { 200: roomNdaStartView } },
    },
    async (request, reply) => {
      const { room, viewer } = await enter(request, request.params.code);
      if (viewer.kind !== 'visitor') throw new AppError('CONFLICT', NDA_MESSAGES.noNda);
      // The viewer as resolved: an unconfirmed account's address is withheld (resolve-viewer.ts), so no
      // one signs an NDA under an address they have not proved (start-room-nda reads the stored row).
      if (room.ndaFileId !== null && !viewer.visitor.email)
        throw new AppError('VALIDATION_ERROR', NDA_MESSAGES.needsEmail);
      const baseUrl = (await mailBrandFor(ctx, request.headers.host)).url;
      reply.headers(noStore);
      return ctx.db.transaction((tx) => startRoomNda({ ctx, tx, room, visitor: viewer.visitor, baseUrl }));
    },
  );

  // The room's Connected Form tab: its open outside forms, each linked under this room's code.
  app.get(
    '/api/guest/rooms/:code/forms',
    { schema: { tags, params: guestRoomParams, response: { 200: guestRoomFormList } } },
    async (request, reply) => {
      const credentials = await readCredentials(ctx, request);
      reply.headers(noStore);
      return ctx.db.transaction(async (tx) => {
        const room = await findRoomByCode(tx, request.params.code);
        const viewer = await resolveViewer(tx, room, credentials);
        return listRoomForms({ ctx, tx, room, viewer, code: request.params.code });
      });
    },
  );

  app.post(
    '/api/guest/rooms/:code/redeem',
    {
      config: authRateLimit(REDEEM_PER_MINUTE),
      schema: { tags, params: guestRoomParams, body: redeemRoomCodeBody, response: { 200: roomSessionView } },
    },
    async (request, reply) => {
      const room = await findRoomByCode(ctx.db, request.params.code);
      reply.headers(noStore);
      const client = attemptClient(request.ip, readVisitorKey(request));
      return redeemRoomCode({ db: ctx.db, room, id: request.body.id, secret: request.body.code, client });
    },
  );

  app.post(
    '/api/guest/rooms/:code/challenge',
    {
      config: authRateLimit(REDEEM_PER_MINUTE),
      schema: {
        tags,
        params: guestRoomParams,
        body: roomChallengeBody,
        response: { 201: roomChallengeView },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const credentials = await readCredentials(ctx, request);
      const brand = await mailBrandFor(ctx, request.headers.host);
      const challenge = await ctx.db.transaction(async (tx) => {
        const room = await findRoomByCode(tx, code);
        const viewer = await resolveViewer(tx, room, credentials);
        return requestVerification({ ctx, tx, room, viewer, code, email: request.body.email, brand });
      });
      ctx.jobs.poke();
      return reply.status(201).headers(noStore).send(challenge);
    },
  );

  app.post(
    '/api/guest/rooms/:code/challenge/:id',
    {
      config: authRateLimit(REDEEM_PER_MINUTE),
      schema: {
        tags,
        params: roomChallengeParams,
        body: verifyRoomChallengeBody,
        response: { 200: roomSessionView },
      },
    },
    async (request, reply) => {
      const room = await findRoomByCode(ctx.db, request.params.code);
      reply.headers(noStore);
      return verifyVisitor({ db: ctx.db, room, id: request.params.id, code: request.body.code });
    },
  );

  app.get(
    '/api/guest/rooms/:code/history',
    {
      schema: { tags, params: guestRoomParams, response: { 200: roomHistoryList } },
    },
    async (request) => {
      const { room, viewer } = await enter(request, request.params.code);
      return listOwnHistory({ tx: ctx.db, room, viewer });
    },
  );

  app.post(
    '/api/guest/rooms/:code/history',
    {
      config: limit,
      schema: { tags, params: guestRoomParams, body: roomHistoryBody, response: { 204: noContent } },
    },
    async (request, reply) => {
      const credentials = await readCredentials(ctx, request);
      await ctx.db.transaction(async (tx) => {
        const room = await findRoomByCode(tx, request.params.code);
        const viewer = await resolveViewer(tx, room, credentials);
        await recordHistory({ tx, room, viewer, entry: request.body });
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/user/rooms/:id/history',
    { schema: { tags: ['user'], params: idParams, body: roomHistoryBody, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateUser(ctx, request);
      await ctx.db.transaction(async (tx) => {
        const room = await findMemberRoom(tx, actor, request.params.id);
        const viewer = await resolveViewer(tx, room, {
          user: actor.user,
          session: null,
          key: null,
          boundAccountId: actor.boundAccountId,
        });
        await recordHistory({ tx, room, viewer, entry: request.body });
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/guest/rooms/:code/file/:fileId/token',
    {
      schema: { tags, params: roomFileParams, response: { 200: roomFileLinkView } },
    },
    async (request, reply) => {
      const { code, fileId } = request.params;
      const credentials = await readCredentials(ctx, request);
      reply.headers(noStore);
      return ctx.db.transaction(async (tx) => {
        const room = await findRoomByCode(tx, code);
        const viewer = await resolveViewer(tx, room, credentials);
        return issueRoomFileToken({ tx, room, viewer, fileId, code, session: credentials.session });
      });
    },
  );

  app.get(
    '/api/guest/rooms/:code/file/:fileId',
    {
      schema: {
        tags,
        params: roomFileParams,
        querystring: roomFileQuery,
        response: {
          200: binaryResponse('The file: a PDF preview inline, or the file itself with ?download=1', '*/*'),
        },
      },
    },
    async (request, reply) => {
      const { code, fileId } = request.params;
      const { token, download } = request.query;
      const credentials = token ? null : await readCredentials(ctx, request);
      const { room, viewer, file } = await ctx.db.transaction(async (tx) => {
        const room = await findRoomByCode(tx, code);
        const viewer = credentials
          ? await resolveViewer(tx, room, credentials)
          : await viewerOfFileToken(tx, room, fileId, token as string);
        const file = await findViewableFile(tx, room, viewer, fileId);
        if (download === '1') await assertMayDownload(tx, room, viewer, fileId);
        return { room, viewer, file };
      });
      reply.headers(noStore).header('cache-control', 'private, no-store');
      if (download === '1') {
        const bytes = await watermarkForViewer(await ctx.storage.get(file.storageKey), file, room, viewer);
        return reply
          .type(file.contentType)
          .header('content-disposition', contentDisposition(file.filename, 'attachment'))
          .send(bytes);
      }
      const preview = await previewPdf(ctx, file);
      await rememberPageCount(ctx, file, preview);
      const pdf = await watermarkForViewer(preview, { contentType: 'application/pdf' }, room, viewer);
      const name = `${file.filename.replace(/\.[^.]*$/, '')}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(name, 'inline'))
        .send(pdf);
    },
  );
}
