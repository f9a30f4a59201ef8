import { idParams, int32, SET_NEW_PASSWORD_EMAIL_SENT } from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { sendPasswordLink } from '../auth/password-reset.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import {
  addAuthenticator,
  listAuthenticators,
  makePrimary,
  removeAuthenticator,
  verifyAuthenticator,
} from './authenticators.ts';
import { changePassword, presentProfile, updateProfile } from './profile.ts';

export async function profileRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(ctx.config.authRateLimit);

  app.get('/api/user/settings/profile', { schema: { tags: ['user'] } }, async (request) => {
    const actor = await authenticateUser(ctx, request);
    return presentProfile(ctx, actor.user);
  });

  app.put(
    '/api/user/settings/profile',
    {
      schema: {
        tags: ['user'],
        body: z.object({
          firstName: z.string().max(100),
          lastName: z.string().max(100),
          phone: z.string().max(40).nullish(),
        }),
      },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return updateProfile({ ctx, actor, input: request.body });
    },
  );

  app.put(
    '/api/user/settings/password',
    {
      config: limit,
      schema: {
        tags: ['user'],
        body: z.object({ current_password: z.string().optional(), password: z.string().max(256) }),
      },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return changePassword({ ctx, actor, input: request.body });
    },
  );

  app.post(
    '/api/user/settings/password/link',
    { config: limit, schema: { tags: ['user'] } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      const brand = await mailBrandFor(ctx, request.headers.host);
      await ctx.db.transaction((tx) => sendPasswordLink(ctx, tx, actor.user, brand));
      return { message: SET_NEW_PASSWORD_EMAIL_SENT };
    },
  );

  app.get('/api/v1/user/authenticators', { schema: { tags: ['user'] } }, async (request) => {
    const actor = await authenticateUser(ctx, request);
    return listAuthenticators({ ctx, actor });
  });

  app.post(
    '/api/user/settings/authenticators',
    { config: limit, schema: { tags: ['user'], body: z.object({ email: z.string() }) } },
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
      schema: { tags: ['user'], body: z.object({ email: z.string(), password: z.string() }) },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      const { email, password: code } = request.body;
      return verifyAuthenticator({ ctx, actor, email, code });
    },
  );

  app.patch(
    '/api/v1/user/authenticators/:id',
    { schema: { tags: ['user'], params: idParams, body: z.object({ priority: int32.min(0) }) } },
    async (request, reply) => {
      const actor = await authenticateUser(ctx, request);
      if (request.body.priority === 0) await makePrimary({ ctx, actor, id: request.params.id });
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/user/authenticators/:id',
    { schema: { tags: ['user'], params: idParams } },
    async (request, reply) => {
      const actor = await authenticateUser(ctx, request);
      await removeAuthenticator({ ctx, actor, id: request.params.id });
      return reply.status(204).send();
    },
  );
}
