import {
  idParams,
  staffAccountDetail,
  staffAccountPage,
  staffAuditPage,
  staffAuditQuery,
  staffRestrictedBody,
  staffSearchQuery,
  staffUserDetail,
  staffUserPage,
} from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { authenticateStaff, STAFF_TAGS, staffScope } from './authenticate-staff.ts';
import { getAccount } from './get-account.ts';
import { getUser } from './get-user.ts';
import { listAudit } from './list-audit.ts';
import { platformRoutes } from './platform-routes.ts';
import { searchAccounts } from './search-accounts.ts';
import { searchUsers } from './search-users.ts';
import { setAccountRestricted } from './set-account-restricted.ts';

/** /api/staff/*: the staff console's people (users, workspaces, the audit log). */
export async function staffRoutes(root: App, ctx: AppContext) {
  await staffScope(root, ctx, (app) => peopleRoutes(app, ctx));
  await staffScope(root, ctx, (app) => platformRoutes(app, ctx));
}

async function peopleRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/staff/users',
    { schema: { tags: STAFF_TAGS, querystring: staffSearchQuery, response: { 200: staffUserPage } } },
    async (request) => {
      const actor = await authenticateStaff(ctx, request);
      return searchUsers({ tx: ctx.db, actor, ...request.query });
    },
  );

  app.get(
    '/api/staff/users/:id',
    { schema: { tags: STAFF_TAGS, params: idParams, response: { 200: staffUserDetail } } },
    async (request) => {
      const actor = await authenticateStaff(ctx, request);
      return getUser({ tx: ctx.db, actor, id: request.params.id });
    },
  );

  app.get(
    '/api/staff/accounts',
    { schema: { tags: STAFF_TAGS, querystring: staffSearchQuery, response: { 200: staffAccountPage } } },
    async (request) => {
      const actor = await authenticateStaff(ctx, request);
      return searchAccounts({ tx: ctx.db, actor, ...request.query });
    },
  );

  app.get(
    '/api/staff/accounts/:id',
    { schema: { tags: STAFF_TAGS, params: idParams, response: { 200: staffAccountDetail } } },
    async (request) => {
      const actor = await authenticateStaff(ctx, request);
      return getAccount({ tx: ctx.db, actor, id: request.params.id });
    },
  );

  app.put(
    '/api/staff/accounts/:id/restricted',
    {
      schema: {
        tags: STAFF_TAGS,
        params: idParams,
        body: staffRestrictedBody,
        response: { 200: staffAccountDetail },
      },
    },
    async (request) => {
      const actor = await authenticateStaff(ctx, request);
      const { id } = request.params;
      const { restricted } = request.body;
      return ctx.db.transaction((tx) => setAccountRestricted({ tx, actor, id, restricted, ip: request.ip }));
    },
  );

  app.get(
    '/api/staff/audit',
    { schema: { tags: STAFF_TAGS, querystring: staffAuditQuery, response: { 200: staffAuditPage } } },
    async (request) => {
      const actor = await authenticateStaff(ctx, request);
      const { action, user_id: userId, page } = request.query;
      return listAudit({ tx: ctx.db, actor, action, userId, page });
    },
  );
}
