import {
  accountMe,
  accountParams,
  accountView,
  newAccountBody,
  newAccountResponse,
  noContent,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticateAccount, authenticateUser } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { createWorkspace } from './create-account.ts';
import { getMe } from './get-me.ts';
import { listAccounts } from './list-accounts.ts';
import { presentAccount } from './presenters.ts';
import { setPreferredAccount } from './set-preference.ts';

export async function accountRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/user/accounts',
    { schema: { tags: ['user'], response: { 200: z.array(accountView) } } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      const rows = await listAccounts({ tx: ctx.db, actor });
      return rows.map((r) => presentAccount(r.account, r.membership, r.features));
    },
  );

  app.post(
    '/api/user/accounts',
    { schema: { tags: ['user'], body: newAccountBody, response: { 201: newAccountResponse } } },
    async (request, reply) => {
      const actor = await authenticateUser(ctx, request);
      const brand = await mailBrandFor(ctx, request.headers.host);
      const account = await ctx.db.transaction((tx) =>
        createWorkspace({ tx, actor, body: request.body, brandId: brand.id }),
      );
      return reply.status(201).send({ account_id: account.id });
    },
  );

  for (const [method, preferred] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/user/accounts/:id/preference',
      schema: { tags: ['user'], params: accountParams, response: { 204: noContent } },
      handler: async (request, reply) => {
        const actor = await authenticateUser(ctx, request);
        const { id } = request.params;
        await ctx.db.transaction((tx) => setPreferredAccount({ tx, actor, accountId: id, preferred }));
        return reply.status(204).send();
      },
    });
  }

  app.get(
    '/api/account/me',
    { schema: { tags: ['account'], response: { 200: accountMe } } },
    async (request) => getMe({ tx: ctx.db, actor: await authenticateAccount(ctx, request) }),
  );
}
