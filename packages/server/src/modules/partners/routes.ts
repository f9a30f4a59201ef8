import {
  addPartnerMemberBody,
  changePartnerRoleBody,
  connectedPartnerView,
  messageResponse,
  noContent,
  partnerAccountParams,
  partnerBrandBody,
  partnerBrandView,
  partnerCodeParams,
  partnerCodeView,
  partnerConnectedResponse,
  partnerMemberParams,
  partnerMemberView,
  partnerParams,
  partnerRoleId,
  teamQuery,
  teamView,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticateAccount, authenticateUser } from '../../http/authenticate.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { addPartnerMember } from './add-partner-member.ts';
import { changePartnerRole } from './change-partner-role.ts';
import { connectPartner } from './connect-partner.ts';
import { disconnectPartner } from './disconnect-partner.ts';
import { getPartnerBrand } from './get-partner-brand.ts';
import { listConnectedPartners } from './list-connected-partners.ts';
import { listTeams } from './list-teams.ts';
import { lookupPartnerCode } from './lookup-partner-code.ts';
import { removePartnerAccount } from './remove-partner-account.ts';
import { removePartnerMember } from './remove-partner-member.ts';
import { savePartnerBrand } from './save-partner-brand.ts';

/** Partner teams (the user's side), a workspace's partners, and the public code lookup (spec 1 §7). */
export async function partnerRoutes(app: App, ctx: AppContext) {
  const user = (request: Parameters<typeof authenticateUser>[1]) => authenticateUser(ctx, request);
  const member = (request: Parameters<typeof authenticateAccount>[1]) => authenticateAccount(ctx, request);
  const tags = ['partners'];
  // Adding people mails them (and may make users); codes are guessed one attempt at a time.
  const limited = authRateLimit(ctx.config.authRateLimit);

  app.get(
    '/api/user/team',
    { schema: { tags, querystring: teamQuery, response: { 200: z.array(teamView) } } },
    async (request) => {
      const actor = await user(request);
      return listTeams({ tx: ctx.db, actor, parts: request.query });
    },
  );

  app.post(
    '/api/user/partner/add_member/:partnerId',
    {
      config: limited,
      schema: {
        tags,
        params: partnerParams,
        body: addPartnerMemberBody,
        response: { 201: partnerMemberView },
      },
    },
    async (request, reply) => {
      const actor = await user(request);
      const brand = await mailBrandFor(ctx, request.headers.host);
      const { partnerId } = request.params;
      const added = await ctx.db.transaction((tx) =>
        addPartnerMember({ ctx, tx, actor, partnerId, input: request.body, brand }),
      );
      return reply.status(201).send(added);
    },
  );

  app.put(
    '/api/user/partner/:partnerId/:userId',
    {
      schema: {
        tags,
        params: partnerMemberParams,
        body: changePartnerRoleBody,
        response: { 200: z.object({ user_id: z.number(), role_id: partnerRoleId }) },
      },
    },
    async (request) => {
      const actor = await user(request);
      const { partnerId, userId } = request.params;
      const roleId = request.body.role_id;
      return ctx.db.transaction((tx) => changePartnerRole({ tx, actor, partnerId, userId, roleId }));
    },
  );

  app.delete(
    '/api/user/partner/:partnerId/:userId',
    { schema: { tags, params: partnerMemberParams, response: { 200: messageResponse } } },
    async (request) => {
      const actor = await user(request);
      const { partnerId, userId } = request.params;
      return ctx.db.transaction((tx) => removePartnerMember({ tx, actor, partnerId, userId }));
    },
  );

  app.delete(
    '/api/user/partner/remove_account/:partnerId/:accountId',
    { schema: { tags, params: partnerAccountParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await user(request);
      const { partnerId, accountId } = request.params;
      await ctx.db.transaction((tx) => removePartnerAccount({ tx, actor, partnerId, accountId }));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/user/partner/:partnerId/brand',
    { schema: { tags, params: partnerParams, response: { 200: partnerBrandView } } },
    async (request) => {
      const actor = await user(request);
      return getPartnerBrand({ tx: ctx.db, actor, partnerId: request.params.partnerId });
    },
  );

  app.put(
    '/api/user/partner/:partnerId/brand',
    { schema: { tags, params: partnerParams, body: partnerBrandBody, response: { 200: partnerBrandView } } },
    async (request) => {
      const actor = await user(request);
      const { partnerId } = request.params;
      return ctx.db.transaction((tx) => savePartnerBrand({ tx, actor, partnerId, input: request.body }));
    },
  );

  app.get(
    '/api/public/partner/code/:code',
    {
      config: authRateLimit(ctx.config.authRateLimit),
      schema: { tags: ['public'], params: partnerCodeParams, response: { 200: partnerCodeView } },
    },
    async (request) => lookupPartnerCode({ tx: ctx.db, code: request.params.code }),
  );

  app.get(
    '/api/account/partner',
    { schema: { tags, response: { 200: z.array(connectedPartnerView) } } },
    async (request) => listConnectedPartners({ tx: ctx.db, actor: await member(request) }),
  );

  app.post(
    '/api/account/admin/partner/:code',
    {
      config: limited,
      schema: { tags, params: partnerCodeParams, response: { 200: partnerConnectedResponse } },
    },
    async (request) => {
      const actor = await member(request);
      return ctx.db.transaction((tx) => connectPartner({ tx, actor, code: request.params.code }));
    },
  );

  app.delete(
    '/api/account/admin/partner/:code',
    { schema: { tags, params: partnerCodeParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await member(request);
      await ctx.db.transaction((tx) => disconnectPartner({ tx, actor, code: request.params.code }));
      return reply.status(204).send();
    },
  );
}
