import {
  addUserBody,
  addUserResponse,
  memberParams,
  membersList,
  memberView,
  noContent,
  updateMemberBody,
  updateWorkspaceProfileBody,
  workspaceProfile,
} from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { addMember } from './add-member.ts';
import { changeOwner } from './change-owner.ts';
import { getWorkspaceProfile } from './get-workspace-profile.ts';
import { listMembers } from './list-members.ts';
import { removeMember } from './remove-member.ts';
import { setSignatory } from './set-signatory.ts';
import { updateMember } from './update-member.ts';
import { updateWorkspaceProfile } from './update-workspace-profile.ts';

const tags = ['members'];

/** Workspace members and the workspace's profile (spec 1 §2 settings, §7 "Profile, team, partner"). */
export async function memberRoutes(app: App, ctx: AppContext) {
  const inTx = <T>(work: Parameters<typeof ctx.db.transaction<T>>[0]) => ctx.db.transaction(work);
  // Each invitation sends an email to an address the caller chooses: limited like the sign-in mails.
  const mailLimit = authRateLimit(ctx.config.authRateLimit);

  app.get(
    '/api/account/admin/users',
    { schema: { tags, response: { 200: membersList } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return listMembers({ tx: ctx.db, actor });
    },
  );

  app.post(
    '/api/account/admin/add_user',
    { config: mailLimit, schema: { tags, body: addUserBody, response: { 201: addUserResponse } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      const brand = await mailBrandFor(ctx, request.headers.host);
      const added = await inTx((tx) =>
        addMember({ ctx, tx, actor, body: request.body, brand, ip: request.ip }),
      );
      return reply.status(201).send(added);
    },
  );

  app.patch(
    '/api/account/admin/users/:id',
    { schema: { tags, params: memberParams, body: updateMemberBody, response: { 200: memberView } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const { id } = request.params;
      return inTx((tx) => updateMember({ tx, actor, id, body: request.body, ip: request.ip }));
    },
  );

  app.delete(
    '/api/account/remove_user/:id',
    { schema: { tags, params: memberParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateAccount(ctx, request);
      await inTx((tx) => removeMember({ tx, actor, id: request.params.id, ip: request.ip }));
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/account/change_owner/:id',
    { schema: { tags, params: memberParams, response: { 200: membersList } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return inTx((tx) => changeOwner({ tx, actor, id: request.params.id, ip: request.ip }));
    },
  );

  app.patch(
    '/api/account/signatory/:id',
    { schema: { tags, params: memberParams, response: { 200: membersList } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return inTx((tx) => setSignatory({ tx, actor, id: request.params.id, ip: request.ip }));
    },
  );

  app.get(
    '/api/account/admin/settings/profile',
    { schema: { tags, response: { 200: workspaceProfile } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return getWorkspaceProfile({ tx: ctx.db, actor });
    },
  );

  app.put(
    '/api/account/admin/settings/profile',
    { schema: { tags, body: updateWorkspaceProfileBody, response: { 200: workspaceProfile } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return inTx((tx) => updateWorkspaceProfile({ tx, actor, body: request.body, ip: request.ip }));
    },
  );
}
