import { redirectResponse } from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { type App, authRateLimit, WRITES } from '../../http/types.ts';
import { finishAtCallback, type OidcProvider, redirectToIssuer } from './oidc-flow.ts';

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

export const authQuery = z.object({
  redirect: z.string().max(2000).refine(isLocalPath, 'Redirect must be a path on this site').optional(),
});

function googleProvider(ctx: AppContext): OidcProvider {
  if (!ctx.config.google) throw notFound('Sign-in with Google is not configured on this server');
  // Registered at the issuer as the redirect URI; on PUBLIC_URL so it holds behind a proxy or a prefix.
  return {
    key: ctx.config.google.issuer,
    settings: ctx.config.google,
    redirectUri: `${ctx.config.publicUrl}${CALLBACK}`,
  };
}

export const toIssuer = redirectResponse("To the issuer's sign-in page; on failure to /login?oidc_error=");
export const signedIn = redirectResponse(
  'Signed in: to /login?oidc=1&redirect=…; on failure to /login?oidc_error=',
);

/** Sign-in with Google (or any OIDC issuer set by OIDC_ISSUER). Browser navigations: failures redirect. */
export async function oidcRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(ctx.config.authRateLimit);

  app.get(
    `${BASE}/auth`,
    { config: limit, schema: { tags: ['authn'], querystring: authQuery, response: { 302: toIssuer } } },
    async (request, reply) =>
      redirectToIssuer(ctx, request, reply, googleProvider(ctx), request.query.redirect ?? '/'),
  );

  const callback = { tags: ['authn'], response: { 302: signedIn } };
  app.get(CALLBACK, { config: { ...limit, ...WRITES }, schema: callback }, async (request, reply) =>
    finishAtCallback(ctx, request, reply, googleProvider(ctx)),
  );
}
