import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { OidcPending } from './oidc-client.ts';
import { OidcFailure } from './oidc-failure.ts';

const COOKIE = 'charter_oidc';
const PATH = '/api/authn/oidc';
const TTL_SECONDS = 10 * 60;

const pendingClaims = z.object({
  sid: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  redirect: z.string(),
  link: z.object({ userId: z.number(), sessionId: z.string() }).optional(),
});

const cookieOptions = (ctx: AppContext) =>
  ({ path: PATH, httpOnly: true, sameSite: 'lax', secure: ctx.config.secureCookies }) as const;

/**
 * Keeps the pending sign-in in the browser as a JWT we sign (typ `oidc`, subject the issuer), so it
 * can be neither forged nor replayed against another issuer, and nothing is stored server-side.
 */
export async function setStateCookie(
  ctx: AppContext,
  reply: FastifyReply,
  issuer: string,
  pending: OidcPending,
) {
  const { state, ...rest } = pending;
  const token = await ctx.tokens.sign({ typ: 'oidc', sid: state, sub: issuer, ...rest }, TTL_SECONDS);
  reply.setCookie(COOKIE, token, { ...cookieOptions(ctx), maxAge: TTL_SECONDS });
}

export async function readStateCookie(
  ctx: AppContext,
  request: FastifyRequest,
  issuer: string,
): Promise<OidcPending> {
  const token = request.cookies?.[COOKIE];
  if (!token) throw new OidcFailure('state');
  const claims = await ctx.tokens.verify(token, 'oidc').catch(() => null);
  const parsed = pendingClaims.safeParse(claims);
  if (!claims || claims.sub !== issuer || !parsed.success) throw new OidcFailure('state');
  const { sid, ...rest } = parsed.data;
  return { state: sid, ...rest };
}

export function clearStateCookie(ctx: AppContext, reply: FastifyReply) {
  reply.clearCookie(COOKIE, cookieOptions(ctx));
}
