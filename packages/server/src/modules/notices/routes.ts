import { idParams, noContent, noticeList, noticePageQuery } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { listNotices } from './list-notices.ts';
import { readAllNotices, readNotice } from './read-notices.ts';

const tags = ['notices'];

/** The bell's notices: each member's own, in the workspace of their token. */
export async function noticeRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/account/notice',
    { schema: { tags, querystring: noticePageQuery, response: { 200: noticeList } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return ctx.db.transaction((tx) => listNotices({ tx, actor, page: request.query }));
    },
  );

  app.post(
    '/api/account/notice/read',
    { schema: { tags, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      await ctx.db.transaction((tx) => readAllNotices({ tx, actor }));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/notice/:id/read',
    { schema: { tags, params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      await ctx.db.transaction((tx) => readNotice({ tx, actor, id: request.params.id }));
      return reply.status(204).send();
    },
  );
}
