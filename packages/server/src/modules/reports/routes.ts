import {
  addRoomReportBody,
  binaryResponse,
  createSharedReportBody,
  idParams,
  messageResponse,
  REPORT_MESSAGES,
  reportFileParams,
  reportTablesResponse,
  roomReportParams,
  roomReportResponse,
  roomReportSwapParams,
  sharedReportResponse,
  sharedReportView,
  updateSharedReportBody,
  userReportView,
} from '@charter/domain';
import { z } from 'zod';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import type { AppContext } from '../../context.ts';
import { authenticateAccount, authenticateUser } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { addRoomReport } from './add-room-report.ts';
import { createSharedReport } from './create-shared-report.ts';
import { listReports } from './list-reports.ts';
import { listSharedReports } from './list-shared-reports.ts';
import { listUserReports } from './list-user-reports.ts';
import { openReportFile } from './open-report-file.ts';
import { presentSharedReport } from './presenters.ts';
import { removeRoomReport } from './remove-room-report.ts';
import { swapRoomReports } from './swap-room-reports.ts';
import { updateSharedReport } from './update-shared-report.ts';

const tags = ['reports'];

/** Report tables (spec 3 §3 Report): the workspace's reports, their sharing, room reports, a user's reports. */
export async function reportRoutes(app: App, ctx: AppContext) {
  const member = (request: Parameters<typeof authenticateAccount>[1]) => authenticateAccount(ctx, request);

  app.get(
    '/api/user/report',
    { schema: { tags, response: { 200: z.array(userReportView) } } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return ctx.db.transaction((tx) => listUserReports({ tx, actor, tokens: ctx.tokens }));
    },
  );

  app.get(
    '/api/user/report/file/:a/jwt/:b',
    {
      schema: {
        tags,
        params: reportFileParams,
        response: { 200: binaryResponse('A file a shared report’s row names, while its link lasts', '*/*') },
      },
    },
    async (request, reply) => {
      const actor = await authenticateUser(ctx, request);
      const { a, b } = request.params;
      const file = await ctx.db.transaction((tx) =>
        openReportFile({ tx, actor, tokens: ctx.tokens, fileId: a, token: b }),
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.filename, 'inline'))
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(await ctx.storage.get(file.storageKey));
    },
  );

  app.get(
    '/api/account/reports',
    { schema: { tags, response: { 200: reportTablesResponse } } },
    async (request) => {
      const actor = await member(request);
      return ctx.db.transaction((tx) => listReports({ tx, actor }));
    },
  );

  app.get(
    '/api/account/shared_report',
    { schema: { tags, response: { 200: z.array(sharedReportView) } } },
    async (request) => {
      const actor = await member(request);
      const rows = await ctx.db.transaction((tx) => listSharedReports({ tx, actor }));
      return rows.map(presentSharedReport);
    },
  );

  app.post(
    '/api/account/shared_report',
    { schema: { tags, body: createSharedReportBody, response: { 200: sharedReportResponse } } },
    async (request) => {
      const actor = await member(request);
      const { feature_type_id: key, ...sharing } = request.body;
      const row = await ctx.db.transaction((tx) => createSharedReport({ tx, actor, key, sharing }));
      return { message: REPORT_MESSAGES.sharingUpdated, report: presentSharedReport(row) };
    },
  );

  app.put(
    '/api/account/shared_report/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateSharedReportBody,
        response: { 200: sharedReportResponse },
      },
    },
    async (request) => {
      const actor = await member(request);
      const { id } = request.params;
      const row = await ctx.db.transaction((tx) =>
        updateSharedReport({ tx, actor, id, sharing: request.body }),
      );
      return { message: REPORT_MESSAGES.sharingUpdated, report: presentSharedReport(row) };
    },
  );

  app.post(
    '/api/account/admin/room/:id/report',
    { schema: { tags, params: idParams, body: addRoomReportBody, response: { 201: roomReportResponse } } },
    async (request, reply) => {
      const actor = await member(request);
      const { feature_type_id: key, user_only: userOnly } = request.body;
      const report = await ctx.db.transaction((tx) =>
        addRoomReport({ tx, actor, roomId: request.params.id, key, userOnly }),
      );
      return reply.status(201).send({ message: REPORT_MESSAGES.roomReportAdded, report });
    },
  );

  app.delete(
    '/api/account/admin/room/:id/report/:reportId',
    { schema: { tags, params: roomReportParams, response: { 200: messageResponse } } },
    async (request) => {
      const actor = await member(request);
      const { id: roomId, reportId } = request.params;
      await ctx.db.transaction((tx) => removeRoomReport({ tx, actor, roomId, reportId }));
      return { message: REPORT_MESSAGES.roomReportRemoved };
    },
  );

  app.patch(
    '/api/account/admin/room/:id/report/:a/swap/:b',
    { schema: { tags, params: roomReportSwapParams, response: { 200: messageResponse } } },
    async (request) => {
      const actor = await member(request);
      const { id: roomId, a, b } = request.params;
      await ctx.db.transaction((tx) => swapRoomReports({ tx, actor, roomId, a, b }));
      return { message: REPORT_MESSAGES.roomReportsSwapped };
    },
  );
}
