import {
  accessTokenBody,
  accessTokenResponse,
  challengeParams,
  challengeReceipt,
  challengeReceiptQuery,
  challengeSignInResponse,
  challengeStatusView,
  credentialsBody,
  idTokenResponse,
  jwks,
  noContent,
  redeemChallengeBody,
  registerUserBody,
  registrationResponse,
  requestChallengeBody,
  signInResponse,
} from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import { invalid } from '../../http/errors.ts';
import { clearSessionCookie, clientInfo, setSessionCookie } from '../../http/request-info.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { parseBasicAuth } from './basic-auth.ts';
import { challengeStatus } from './challenge-status.ts';
import { deleteChallenge } from './delete-challenge.ts';
import { issueAccessTokenFor } from './issue-access-token-for.ts';
import { loginWithCredentials } from './login-with-credentials.ts';
import { createPasswordAttempts } from './password-attempts.ts';
import { redeemChallenge } from './redeem-challenge.ts';
import { refreshIdToken } from './refresh-id-token.ts';
import { registerUser } from './register-user.ts';
import { requestChallenge } from './request-challenge.ts';
import { signOut } from './sign-out.ts';

export async function authRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(ctx.config.authRateLimit);
  // Password guessing against one account from many addresses is limited too, before any hashing, by
  // client: a known browser of the account has a budget of its own, strangers share one.
  const attempts = createPasswordAttempts(ctx);

  app.post(
    '/api/authn/session/credentials',
    {
      config: limit,
      schema: {
        tags: ['authn'],
        body: credentialsBody,
        response: { 200: signInResponse, 201: registrationResponse },
      },
    },
    async (request, reply) => {
      const basic = parseBasicAuth(request.headers.authorization);
      if (request.body?.create) {
        const parsed = registerUserBody.safeParse(request.body);
        if (!parsed.success) {
          const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
          throw invalid(fields);
        }
        const brand = await mailBrandFor(ctx, request.headers.host);
        const result = await registerUser({ ctx, ...parsed.data, ...clientInfo(request), brand });
        setSessionCookie(ctx, reply, result.cookie);
        return reply.status(201).send(result.body);
      }
      if (!basic?.email || !basic.password) throw invalid({ password: 'Password required' });
      const spent = await attempts.spend(request, basic.email);
      const result = await loginWithCredentials({ ctx, ...basic, ...clientInfo(request) });
      await attempts.succeeded(reply, spent);
      setSessionCookie(ctx, reply, result.cookie);
      return result.body;
    },
  );

  // The OIDC token exchange is the same call: the callback left a session cookie, the page swaps it for
  // an id_token.
  const idTokenSchema = { tags: ['authn'], response: { 200: idTokenResponse } };
  for (const url of ['/api/authn/session/id_token', '/api/authn/session/oidc/token']) {
    app.post(url, { config: limit, schema: idTokenSchema }, async (request) => {
      const actor = await authenticateUser(ctx, request);
      return refreshIdToken({ ctx, actor });
    });
  }

  const logoutSchema = { tags: ['authn'], response: { 204: noContent } };
  app.delete('/api/authn/session', { schema: logoutSchema }, async (request, reply) => {
    const actor = await authenticateUser(ctx, request).catch(() => null);
    await signOut({ tx: ctx.db, actor });
    clearSessionCookie(ctx, reply);
    return reply.status(204).send();
  });

  app.post(
    '/api/authn/access_token',
    {
      config: limit,
      schema: {
        tags: ['authn'],
        body: accessTokenBody,
        response: { 200: accessTokenResponse },
      },
    },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      const { account_id: accountId, user_id: userId } = request.body;
      return { access_token: await issueAccessTokenFor({ ctx, actor, accountId, userId }) };
    },
  );

  app.post(
    '/api/authn/challenge',
    {
      config: limit,
      schema: {
        tags: ['authn'],
        body: requestChallengeBody,
        response: { 201: challengeReceipt },
      },
    },
    async (request, reply) => {
      const { identifier, ...rest } = request.body;
      const brand = await mailBrandFor(ctx, request.headers.host);
      const result = await requestChallenge({ ctx, ...rest, email: identifier.value, brand });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/authn/challenge/:id',
    {
      config: limit,
      schema: {
        tags: ['authn'],
        params: challengeParams,
        querystring: challengeReceiptQuery,
        response: { 200: challengeStatusView },
      },
    },
    async (request) => challengeStatus({ tx: ctx.db, id: request.params.id, receipt: request.query.receipt }),
  );

  app.delete(
    '/api/authn/challenge/:id',
    {
      config: limit,
      schema: {
        tags: ['authn'],
        params: challengeParams,
        querystring: challengeReceiptQuery,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteChallenge({ db: ctx.db, id: request.params.id, receipt: request.query.receipt });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/authn/session/challenge/:id',
    {
      config: limit,
      schema: {
        tags: ['authn'],
        params: challengeParams,
        body: redeemChallengeBody,
        response: { 200: challengeSignInResponse },
      },
    },
    async (request, reply) => {
      const result = await redeemChallenge({
        ctx,
        id: request.params.id,
        code: request.body.code,
        ...clientInfo(request),
      });
      setSessionCookie(ctx, reply, result.cookie);
      return result.body;
    },
  );

  app.get('/.well-known/jwks.json', { schema: { tags: ['public'], response: { 200: jwks } } }, async () =>
    ctx.tokens.jwks(),
  );
}
