import {
  addAuthenticatorBody,
  authenticatorParams,
  authenticatorView,
  changePasswordBody,
  messageResponse,
  noContent,
  profileView,
  updateAuthenticatorBody,
  updateProfileBody,
  verifyAuthenticatorBody,
} from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { createAttemptLimiter } from '../../http/attempt-limiter.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { addAuthenticator } from './add-authenticator.ts';
import { changePassword } from './change-password.ts';
import { getProfile } from './get-profile.ts';
import { listAuthenticators } from './list-authenticators.ts';
import { removeAuthenticator } from './remove-authenticator.ts';
import { requestPasswordLink } from './request-password-link.ts';
import { updateAuthenticator } from './update-authenticator.ts';
import { updateProfile } from './update-profile.ts';
import { verifyAuthenticator } from './verify-authenticator.ts';

export async function profileRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(ctx.config.authRateLimit);
  // Guessing the current password of one user from many addresses is limited too, before any hashing.
  const perUser = createAttemptLimiter(
    ctx.counters,
    'password-change',
    ctx.config.authEmailAttempts,
    15 * 60_000,
  );

  const profileSchema = { tags: ['user'], response: { 200: profileView } };
  app.get('/api/user/settings/profile', { schema: profileSchema }, async (request) => {
    const actor = await authenticateUser(ctx, request);
    return getProfile({ tx: ctx.db, actor });
  });

  app.put(
    '/api/user/settings/profile',
    {
      schema: {
        tags: ['user'],
        body: updateProfileBody,
        response: { 200: profileView },
      },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return updateProfile({ tx: ctx.db, actor, input: request.body });
    },
  );

  app.put(
    '/api/user/settings/password',
    {
      config: limit,
      schema: {
        tags: ['user'],
        body: changePasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      if (actor.user.passwordHash !== null) await perUser.hit(String(actor.userId));
      const changed = await changePassword({ db: ctx.db, actor, input: request.body });
      await perUser.clear(String(actor.userId));
      return changed;
    },
  );

  app.post(
    '/api/user/settings/password/link',
    { config: limit, schema: { tags: ['user'], response: { 200: messageResponse } } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      const brand = await mailBrandFor(ctx, request.headers.host);
      return requestPasswordLink({ ctx, actor, brand });
    },
  );

  const listSchema = { tags: ['user'], response: { 200: z.array(authenticatorView) } };
  app.get('/api/v1/user/authenticators', { schema: listSchema }, async (request) => {
    const actor = await authenticateUser(ctx, request);
    return listAuthenticators({ tx: ctx.db, actor });
  });

  app.post(
    '/api/user/settings/authenticators',
    {
      config: limit,
      schema: { tags: ['user'], body: addAuthenticatorBody, response: { 201: authenticatorView } },
    },
    async (request, reply) => {
      const actor = await authenticateUser(ctx, request);
      const brand = await mailBrandFor(ctx, request.headers.host);
      return reply.status(201).send(await addAuthenticator({ ctx, actor, email: request.body.email, brand }));
    },
  );

  app.put(
    '/api/user/settings/authenticators',
    {
      config: limit,
      schema: { tags: ['user'], body: verifyAuthenticatorBody, response: { 200: authenticatorView } },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      const { email, password: code } = request.body;
      return verifyAuthenticator({ db: ctx.db, actor, email, code });
    },
  );

  app.patch(
    '/api/v1/user/authenticators/:id',
    {
      schema: {
        tags: ['user'],
        params: authenticatorParams,
        body: updateAuthenticatorBody,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const actor = await authenticateUser(ctx, request);
      const { priority } = request.body;
      await updateAuthenticator({ db: ctx.db, actor, id: request.params.id, priority });
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/user/authenticators/:id',
    { schema: { tags: ['user'], params: authenticatorParams, response: { 204: noContent } } },
    async (request, reply) => {
      const actor = await authenticateUser(ctx, request);
      await removeAuthenticator({ tx: ctx.db, actor, id: request.params.id });
      return reply.status(204).send();
    },
  );
}
