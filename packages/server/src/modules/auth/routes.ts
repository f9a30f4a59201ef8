import { int32, rowIdParam } from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { createAttemptLimiter } from '../../http/attempt-limiter.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { clearSessionCookie, clientInfo, setSessionCookie } from '../../http/request-info.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { issueAccessTokenFor } from './access-token.ts';
import {
  CHALLENGE_TEMPLATES,
  challengeStatus,
  deleteChallenge,
  redeemChallenge,
  requestChallenge,
} from './challenges.ts';
import { issueIdToken } from './issue-tokens.ts';
import { loginWithCredentials, parseBasicAuth } from './login-with-credentials.ts';
import { registerUser } from './register-user.ts';
import { revokeSession, touchSession } from './session-store.ts';

const registration = z.object({
  email: z.string().max(254),
  password: z.string().max(256),
  first_name: z.string().max(100),
  family_name: z.string().max(100),
  create: z.literal(true),
  tos: z.boolean().optional(),
  company: z
    .object({
      company_name: z.string().max(200),
      features: z
        .array(z.object({ feature_type_id: int32, value: z.string().max(200) }))
        .max(20)
        .optional(),
    })
    .optional(),
});

/** A login may carry a body (API clients often send their credentials twice); only `create` registers. */
const credentialsBody = z.looseObject({ create: z.boolean().optional() }).nullish();

export async function authRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(ctx.config.authRateLimit);
  // Password guessing against one email from many addresses is limited too, before any hashing.
  const perEmail = createAttemptLimiter(ctx.config.authEmailAttempts, 15 * 60_000);

  app.post(
    '/api/authn/session/credentials',
    { config: limit, schema: { tags: ['authn'], body: credentialsBody } },
    async (request, reply) => {
      const basic = parseBasicAuth(request.headers.authorization);
      if (request.body?.create) {
        const parsed = registration.safeParse(request.body);
        if (!parsed.success) {
          const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
          throw invalid(fields);
        }
        const brand = await mailBrandFor(ctx, request.headers.host);
        const result = await registerUser(ctx, { ...parsed.data, ...clientInfo(request), brand });
        setSessionCookie(ctx, reply, result.cookie);
        return reply.status(201).send(result.body);
      }
      if (!basic?.email || !basic.password) throw invalid({ password: 'Password required' });
      perEmail.hit(basic.email.toLowerCase());
      const result = await loginWithCredentials(ctx, { ...basic, ...clientInfo(request) });
      setSessionCookie(ctx, reply, result.cookie);
      return result.body;
    },
  );

  // The OIDC token exchange is the same call: the callback left a session cookie, the page swaps it for
  // an id_token.
  for (const url of ['/api/authn/session/id_token', '/api/authn/session/oidc/token']) {
    app.post(url, { config: limit, schema: { tags: ['authn'] } }, async (request) => {
      const actor = await authenticateUser(ctx, request);
      await touchSession(ctx.db, actor.sessionId);
      return { id_token: await issueIdToken(ctx, actor.user, actor.sessionId, actor.impersonatorId) };
    });
  }

  app.delete('/api/authn/session', { schema: { tags: ['authn'] } }, async (request, reply) => {
    const actor = await authenticateUser(ctx, request).catch(() => null);
    if (actor) await revokeSession(ctx.db, actor.sessionId);
    clearSessionCookie(ctx, reply);
    return reply.status(204).send();
  });

  app.post(
    '/api/authn/access_token',
    {
      config: limit,
      schema: {
        tags: ['authn'],
        body: z.object({
          account_id: rowIdParam,
          user_id: rowIdParam.optional(),
        }),
      },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return { access_token: await issueAccessTokenFor(ctx, actor, request.body) };
    },
  );

  app.post(
    '/api/authn/challenge',
    {
      config: limit,
      schema: {
        tags: ['authn'],
        body: z.object({
          identifier: z.object({ type: z.literal('email'), value: z.string().max(254) }),
          template: z.enum(CHALLENGE_TEMPLATES),
          state: z.string().max(500).optional(),
          create: z.boolean().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { identifier, ...rest } = request.body;
      const brand = await mailBrandFor(ctx, request.headers.host);
      const result = await requestChallenge(ctx, { ...rest, email: identifier.value, brand });
      return reply.status(201).send(result);
    },
  );

  const challengeParams = z.object({ id: z.string() });
  const receiptQuery = z.object({ receipt: z.string().min(1) });

  app.get(
    '/api/authn/challenge/:id',
    { config: limit, schema: { tags: ['authn'], params: challengeParams, querystring: receiptQuery } },
    async (request) => challengeStatus(ctx, request.params.id, request.query.receipt),
  );

  app.delete(
    '/api/authn/challenge/:id',
    { config: limit, schema: { tags: ['authn'], params: challengeParams, querystring: receiptQuery } },
    async (request, reply) => {
      await deleteChallenge(ctx, request.params.id, request.query.receipt);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/authn/session/challenge/:id',
    {
      config: limit,
      schema: { tags: ['authn'], params: challengeParams, body: z.object({ code: z.string() }) },
    },
    async (request, reply) => {
      const result = await redeemChallenge(ctx, {
        id: request.params.id,
        code: request.body.code,
        ...clientInfo(request),
      });
      setSessionCookie(ctx, reply, result.cookie);
      return result.body;
    },
  );

  app.get('/.well-known/jwks.json', async () => ctx.tokens.jwks());
}

export const notStaff = () => new AppError('NOT_SUDO', 'Only platform staff can log in as another user.');
