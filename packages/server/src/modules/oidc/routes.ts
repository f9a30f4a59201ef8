import { redirectResponse } from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { clientInfo, setSessionCookie } from '../../http/request-info.ts';
import { type App, authRateLimit, WRITES } from '../../http/types.ts';
import { finishOidcSignIn, oidcConfiguration, startOidcSignIn } from './oidc-client.ts';
import { OidcFailure } from './oidc-failure.ts';
import { signInWithOidc } from './sign-in-with-oidc.ts';
import { clearStateCookie, readStateCookie, setStateCookie } from './state-cookie.ts';

const BASE = '/api/authn/oidc/accounts.google.com';
const CALLBACK = `${BASE}/callback`;

/**
 * A path on this site only: one leading slash, no backslash (browsers read `/\host` as `//host`) and
 * no whitespace or control characters (browsers drop them, which could make `//host` too).
 */
export function isLocalPath(value: string) {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  return [...value].every((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f);
}

const authQuery = z.object({
  redirect: z.string().max(2000).refine(isLocalPath, 'Redirect must be a path on this site').optional(),
});

function googleSettings(ctx: AppContext) {
  if (!ctx.config.google) throw notFound('Sign-in with Google is not configured on this server');
  return ctx.config.google;
}

/** Registered at the issuer as the redirect URI; on PUBLIC_URL so it holds behind a proxy or a prefix. */
const callbackUrl = (ctx: AppContext, search = '') => new URL(`${ctx.config.publicUrl}${CALLBACK}${search}`);

const toIssuer = redirectResponse("To the issuer's sign-in page; on failure to /login?oidc_error=");
const signedIn = redirectResponse('Signed in: to /login?oidc=1&redirect=…; on failure to /login?oidc_error=');

const failureUrl = (code: OidcFailure['code']) => `/login?${new URLSearchParams({ oidc_error: code })}`;

/** Sign-in with Google (or any OIDC issuer set by OIDC_ISSUER). Browser navigations: failures redirect. */
export async function oidcRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(ctx.config.authRateLimit);

  app.get(
    `${BASE}/auth`,
    { config: limit, schema: { tags: ['authn'], querystring: authQuery, response: { 302: toIssuer } } },
    async (request, reply) => {
      const google = googleSettings(ctx);
      const configuration = await oidcConfiguration(google).catch((err: unknown) => {
        request.log.warn({ err }, 'oidc discovery failed');
        return null;
      });
      if (!configuration) return reply.redirect(failureUrl('unavailable'));
      const redirectUri = callbackUrl(ctx).href;
      const start = await startOidcSignIn(configuration, redirectUri, request.query.redirect ?? '/');
      await setStateCookie(ctx, reply, google.issuer, start.pending);
      return reply.redirect(start.url);
    },
  );

  const callback = { tags: ['authn'], response: { 302: signedIn } };
  app.get(CALLBACK, { config: { ...limit, ...WRITES }, schema: callback }, async (request, reply) => {
    const google = googleSettings(ctx);
    clearStateCookie(ctx, reply);
    try {
      const pending = await readStateCookie(ctx, request, google.issuer);
      const configuration = await oidcConfiguration(google).catch((cause: unknown) => {
        throw new OidcFailure('unavailable', { cause });
      });
      const profile = await finishOidcSignIn(
        configuration,
        callbackUrl(ctx, new URL(request.url, 'http://callback').search),
        pending,
      );
      const session = await ctx.db.transaction((tx) =>
        signInWithOidc(tx, { ...profile, ...clientInfo(request) }),
      );
      setSessionCookie(ctx, reply, session.cookie);
      return reply.redirect(`/login?${new URLSearchParams({ oidc: '1', redirect: pending.redirect })}`);
    } catch (error) {
      const failure = error instanceof OidcFailure ? error : new OidcFailure('server', { cause: error });
      request.log[failure.code === 'server' ? 'error' : 'warn']({ err: error }, 'oidc sign-in failed');
      return reply.redirect(failureUrl(failure.code));
    }
  });
}
