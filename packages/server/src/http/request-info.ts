import { SESSION_HINT_COOKIE } from '@charter/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { SESSION_COOKIE, SESSION_TTL_DAYS } from '../modules/auth/session-store.ts';

export const clientInfo = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The session cookie, and beside it the hint the web app reads (SESSION_HINT_COOKIE), for as long. */
export function setSessionCookie(ctx: AppContext, reply: FastifyReply, cookie: string) {
  const lasting = {
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    maxAge: SESSION_TTL_DAYS * 86_400,
  } as const;
  reply.setCookie(SESSION_COOKIE, cookie, { ...lasting, path: '/api', httpOnly: true });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...lasting, path: '/', httpOnly: false });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply) {
  const scope = { sameSite: 'lax', secure: ctx.config.secureCookies } as const;
  reply.clearCookie(SESSION_COOKIE, { ...scope, path: '/api', httpOnly: true });
  reply.clearCookie(SESSION_HINT_COOKIE, { ...scope, path: '/' });
}
