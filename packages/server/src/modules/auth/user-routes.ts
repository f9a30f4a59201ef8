import {
  confirmEmailParams,
  emailConfirmation,
  idParams,
  messageResponse,
  noContent,
  remoteLoginBody,
  remoteLoginResponse,
  sessionUser,
  takeoverDecisionBody,
  takeoverReview,
} from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import { clientInfo } from '../../http/request-info.ts';
import { type App, authRateLimit, WRITES } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { confirmEmail } from './confirm-email.ts';
import { decideTakeoverItem } from './decide-takeover-item.ts';
import { endRemoteLogin } from './end-remote-login.ts';
import { presentUser } from './presenters.ts';
import { remoteLogin } from './remote-login.ts';
import { resendConfirmationCode } from './resend-confirmation-code.ts';
import { listTakeoverItems } from './takeover-items.ts';

export async function userAuthRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(ctx.config.authRateLimit);

  app.get('/api/user/me', { schema: { tags: ['user'], response: { 200: sessionUser } } }, async (request) => {
    const actor = await authenticateUser(ctx, request);
    return presentUser(actor.user, actor.impersonatorId);
  });

  app.get(
    '/api/user/confirm/:code',
    {
      config: { ...limit, ...WRITES },
      schema: { tags: ['user'], params: confirmEmailParams, response: { 200: emailConfirmation } },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      await confirmEmail({ db: ctx.db, actor, code: request.params.code });
      return { email_verified: true };
    },
  );

  app.post(
    '/api/user/confirm/code/resend',
    { config: limit, schema: { tags: ['user'], response: { 200: messageResponse } } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      const brand = await mailBrandFor(ctx, request.headers.host);
      return resendConfirmationCode({ ctx, actor, brand });
    },
  );

  app.post(
    '/api/authn/session/remote',
    {
      config: limit,
      schema: {
        tags: ['authn'],
        body: remoteLoginBody,
        response: { 200: remoteLoginResponse },
      },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      const { user_id: userId, account_id: accountId, reason } = request.body;
      const result = await remoteLogin({ ctx, actor, userId, accountId, reason, ...clientInfo(request) });
      return result.body;
    },
  );

  // What a registration set up before its address was proven, for the address's owner (record-takeover.ts).
  app.get(
    '/api/user/takeover',
    { schema: { tags: ['user'], response: { 200: takeoverReview } } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return listTakeoverItems({ tx: ctx.db, actor });
    },
  );

  app.post(
    '/api/user/takeover/:id',
    {
      schema: {
        tags: ['user'],
        params: idParams,
        body: takeoverDecisionBody,
        response: { 200: takeoverReview },
      },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      const { id } = request.params;
      const { decision } = request.body;
      return ctx.db.transaction((tx) => decideTakeoverItem({ tx, actor, id, decision, ip: request.ip }));
    },
  );

  app.delete(
    '/api/authn/session/remote',
    { schema: { tags: ['authn'], response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateUser(ctx, request);
      await endRemoteLogin({ tx: ctx.db, actor });
      return reply.status(204).send();
    },
  );
}
