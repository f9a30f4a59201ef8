import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createAttemptLimiter } from '../../http/attempt-limiter.ts';

/**
 * Failed-password budgets in the manner of OWASP's "device cookies": a browser that once signed in to an
 * account with its password carries a signed cookie naming that account and the browser. Its guesses at
 * that account spend a budget of its own; every other client (no cookie, another account's cookie, a
 * forged one) shares one budget per account. So strangers who exhaust the shared budget are refused before
 * any password hash, while the owner's known browser still signs in; and a known browser that guesses
 * wrong locks only itself. The per-address limit on the route stays on top of both.
 */
const COOKIE = 'charter_device';
/** Sent only to the password sign-in route. */
const PATH = '/api/authn/session/credentials';
const TTL_SECONDS = 365 * 86_400;
const WINDOW_MS = 15 * 60_000;

const cookieOptions = (ctx: AppContext) =>
  ({ path: PATH, httpOnly: true, sameSite: 'strict', secure: ctx.config.secureCookies }) as const;

/** The browser's id when its device cookie is ours, unexpired and for this very account; else null. */
async function knownDevice(ctx: AppContext, request: FastifyRequest, email: string) {
  const token = request.cookies?.[COOKIE];
  if (!token) return null;
  const claims = await ctx.tokens.verify(token, 'device').catch(() => null);
  return claims && claims.sub === email ? claims.sid : null;
}

export function createPasswordAttempts(ctx: AppContext) {
  const limiter = createAttemptLimiter(ctx.counters, 'password', ctx.config.authEmailAttempts, WINDOW_MS);
  return {
    /**
     * Spends one attempt of the client's budget (429 when it is gone, before any hashing) and answers the
     * budget's key, for `succeeded`.
     */
    async spend(request: FastifyRequest, email: string) {
      const normalized = email.toLowerCase();
      const device = await knownDevice(ctx, request, normalized);
      const key = device ? `device:${device}` : `unknown:${normalized}`;
      await limiter.hit(key);
      return { key, device, email: normalized };
    },
    /**
     * The password was right: this client's budget starts again (knowing the password is not guessing it),
     * and the browser is remembered (or its cookie renewed) as a device of the account.
     */
    async succeeded(reply: FastifyReply, spent: { key: string; device: string | null; email: string }) {
      await limiter.clear(spent.key);
      const token = await ctx.tokens.sign(
        { typ: 'device', sub: spent.email, sid: spent.device ?? randomUUID() },
        TTL_SECONDS,
      );
      reply.setCookie(COOKIE, token, { ...cookieOptions(ctx), maxAge: TTL_SECONDS });
    },
  };
}
