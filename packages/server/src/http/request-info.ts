import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { SESSION_COOKIE, SESSION_TTL_DAYS } from '../modules/auth/session-store.ts';

export const clientInfo = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, cookie: string) {
  reply.setCookie(SESSION_COOKIE, cookie, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    maxAge: SESSION_TTL_DAYS * 86_400,
  });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
  });
}
