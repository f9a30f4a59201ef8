import {
  binaryResponse,
  idParams,
  messageResponse,
  roomAnalyticsResponse,
  roomCodeParams,
  roomCodeView,
  roomHistoryCsvQuery,
  roomHistoryParams,
  roomHistoryQuery,
  roomHistoryResponse,
  roomStatsQuery,
  roomStatsResponse,
  roomVisitorParams,
  shareRoomLinkBody,
} from '@charter/domain';
import { z } from 'zod';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import type { AppContext } from '../../context.ts';
import { authenticateAccount, authenticateUser } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { disconnectRoomUser } from './disconnect-room-user.ts';
import { historyCsv } from './history-csv.ts';
import { listRoomCodes } from './list-room-codes.ts';
import { removeHistoryEntry } from './remove-history-entry.ts';
import { revokeRoomCode } from './revoke-room-code.ts';
import { roomAnalytics } from './room-analytics.ts';
import { roomHistoryPage } from './room-history.ts';
import { roomStats } from './room-stats.ts';
import { shareRoomLink } from './share-room-link.ts';

const tags = ['room-settings'];
const message = { 200: messageResponse };

/** A room's Settings & Sharing page (spec 3 §2, §7): personal links, users, history and analytics. */
export async function roomSettingsRoutes(app: App, ctx: AppContext) {
  const base = '/api/account/admin/room/:id';

  app.get(
    `${base}/code`,
    { schema: { tags, params: idParams, response: { 200: z.array(roomCodeView) } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return ctx.db.transaction((tx) => listRoomCodes({ tx, actor, roomId: request.params.id }));
    },
  );

  app.post(
    `${base}/code`,
    { schema: { tags, params: idParams, body: shareRoomLinkBody, response: message } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const brand = await mailBrandFor(ctx, request.headers.host);
      const email = request.body.identifier.value;
      return ctx.db.transaction((tx) =>
        shareRoomLink({ ctx, tx, actor, roomId: request.params.id, email, brand }),
      );
    },
  );

  app.delete(
    `${base}/codes/:codeId`,
    { schema: { tags, params: roomCodeParams, response: message } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { id, codeId } = request.params;
      return ctx.db.transaction((tx) => revokeRoomCode({ tx, actor, roomId: id, codeId }));
    },
  );

  app.get(
    `${base}/stats`,
    { schema: { tags, params: idParams, querystring: roomStatsQuery, response: { 200: roomStatsResponse } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return ctx.db.transaction((tx) =>
        roomStats({ tx, actor, roomId: request.params.id, ...request.query }),
      );
    },
  );

  app.delete(
    `${base}/users/:visitorId`,
    { schema: { tags, params: roomVisitorParams, response: message } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { id, visitorId } = request.params;
      return ctx.db.transaction((tx) => disconnectRoomUser({ tx, actor, roomId: id, visitorId }));
    },
  );

  app.get(
    `${base}/history`,
    {
      schema: {
        tags,
        params: idParams,
        querystring: roomHistoryQuery,
        response: { 200: roomHistoryResponse },
      },
    },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return ctx.db.transaction((tx) =>
        roomHistoryPage({ tx, actor, roomId: request.params.id, query: request.query }),
      );
    },
  );

  app.get(
    `${base}/history.csv`,
    {
      schema: {
        tags,
        params: idParams,
        querystring: roomHistoryCsvQuery,
        response: { 200: binaryResponse('The room history as CSV', 'text/csv') },
      },
    },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const { visitor_id: visitorId, sort, include_hidden } = request.query;
      const includeHidden = include_hidden === '1';
      const csv = await historyCsv({ ctx, actor, roomId: request.params.id, visitorId, sort, includeHidden });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(csv.filename, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(csv.stream);
    },
  );

  app.get(
    `${base}/analytics`,
    { schema: { tags, params: idParams, response: { 200: roomAnalyticsResponse } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return ctx.db.transaction((tx) => roomAnalytics({ tx, actor, roomId: request.params.id }));
    },
  );

  app.delete(
    '/api/user/rooms/:id/history/:historyId',
    { schema: { tags, params: roomHistoryParams, response: message } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      const { id, historyId } = request.params;
      return ctx.db.transaction((tx) => removeHistoryEntry({ tx, actor, roomId: id, historyId }));
    },
  );
}
