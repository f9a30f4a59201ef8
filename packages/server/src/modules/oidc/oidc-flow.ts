import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { clientInfo, setSessionCookie } from '../../http/request-info.ts';
import { SESSION_COOKIE } from '../auth/session-store.ts';
import { linkIdentityToSession } from './link-identity.ts';
import { finishOidcSignIn, type OidcSettings, oidcConfiguration, startOidcSignIn } from './oidc-client.ts';
import { OidcFailure } from './oidc-failure.ts';
import { type IssuerTrust, signInWithOidc } from './sign-in-with-oidc.ts';
import { clearStateCookie, readStateCookie, setStateCookie } from './state-cookie.ts';

/**
 * One way to sign in with an issuer: Google's, or a partner's. `key` names it in the state cookie, so a
 * sign-in started with one provider cannot be finished at another's callback.
 */
export type OidcProvider = {
  key: string;
  settings: OidcSettings;
  /** Our callback, absolute, exactly as registered at the issuer. */
  redirectUri: string;
  trust?: IssuerTrust;
};

export const oidcFailureUrl = (code: OidcFailure['code']) =>
  `/login?${new URLSearchParams({ oidc_error: code })}`;

/** Sends the browser to the issuer (code flow, PKCE), the pending sign-in kept in a signed cookie. */
export async function redirectToIssuer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: OidcProvider,
  redirect: string,
) {
  const configuration = await oidcConfiguration(provider.settings).catch((err: unknown) => {
    request.log.warn({ err }, 'oidc discovery failed');
    return null;
  });
  if (!configuration) return reply.redirect(oidcFailureUrl('unavailable'));
  const start = await startOidcSignIn(configuration, provider.redirectUri, redirect);
  await setStateCookie(ctx, reply, provider.key, start.pending);
  return reply.redirect(start.url);
}

/** Links at the callback, in one transaction, to the user of the session cookie the browser still holds. */
function linkToSession(
  ctx: AppContext,
  request: FastifyRequest,
  link: { userId: number; sessionId: string },
  profile: { issuer: string; subject: string },
) {
  return ctx.db.transaction((tx) =>
    linkIdentityToSession(tx, { cookie: request.cookies?.[SESSION_COOKIE], link, profile }),
  );
}

/**
 * Starts linking the issuer's identity to the signed-in user (their session names them at the callback):
 * the pending link is kept in the signed state cookie, and the issuer's URL answered for the page to open.
 */
export async function startLinking(
  ctx: AppContext,
  reply: FastifyReply,
  provider: OidcProvider,
  redirect: string,
  link: { userId: number; sessionId: string },
) {
  const configuration = await oidcConfiguration(provider.settings).catch(() => null);
  if (!configuration) throw new OidcFailure('unavailable');
  const start = await startOidcSignIn(configuration, provider.redirectUri, redirect);
  await setStateCookie(ctx, reply, provider.key, { ...start.pending, link });
  return start.url;
}

/** `?name=value` added to a local path that may have a query of its own. */
const withParam = (path: string, name: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ [name]: value })}`;

/**
 * The issuer's answer: signs in (or fails) and sends the browser to the login page either way; or, for a
 * link, links the identity to the user whose session started it and goes back to their page.
 */
export async function finishAtCallback(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: OidcProvider,
) {
  clearStateCookie(ctx, reply);
  let linking: string | null = null;
  try {
    const pending = await readStateCookie(ctx, request, provider.key);
    if (pending.link) linking = pending.redirect;
    const configuration = await oidcConfiguration(provider.settings).catch((cause: unknown) => {
      throw new OidcFailure('unavailable', { cause });
    });
    const callbackUrl = new URL(provider.redirectUri);
    callbackUrl.search = new URL(request.url, 'http://callback').search;
    const profile = await finishOidcSignIn(configuration, callbackUrl, pending);
    if (pending.link) {
      await linkToSession(ctx, request, pending.link, profile);
      return reply.redirect(withParam(pending.redirect, 'oidc_linked', '1'));
    }
    const session = await ctx.db.transaction((tx) =>
      signInWithOidc(tx, { ...profile, ...clientInfo(request) }, provider.trust),
    );
    setSessionCookie(ctx, reply, session.cookie);
    return reply.redirect(`/login?${new URLSearchParams({ oidc: '1', redirect: pending.redirect })}`);
  } catch (error) {
    const failure = error instanceof OidcFailure ? error : new OidcFailure('server', { cause: error });
    request.log[failure.code === 'server' ? 'error' : 'warn']({ err: error }, 'oidc sign-in failed');
    if (linking) return reply.redirect(withParam(linking, 'oidc_error', failure.code));
    return reply.redirect(oidcFailureUrl(failure.code));
  }
}
