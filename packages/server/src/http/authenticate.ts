import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { findMembership } from '../modules/accounts/memberships.ts';
import { findLiveSession, findSessionByCookie, SESSION_COOKIE } from '../modules/auth/session-store.ts';
import { type MemberActor, memberActor, type UserActor, userActor } from './actor.ts';
import { type AuthCache, createAuthCache } from './auth-cache.ts';
import { AppError, unauthorized } from './errors.ts';

export type AuthCaches = { user: AuthCache<UserActor>; account: AuthCache<MemberActor> };

export const createAuthCaches = (): AuthCaches => ({ user: createAuthCache(), account: createAuthCache() });

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

const sessionInvalid = () =>
  new AppError(
    'E_SESSION_INVALID',
    'Your Session has failed to validate or expired, please login to continue.',
  );

const fromRow = (row: NonNullable<Awaited<ReturnType<typeof findLiveSession>>>) =>
  userActor(row.user, row.session.id, row.session.impersonatorId);

/** The signed-in user: a Bearer id_token, else the session cookie. */
export async function authenticateUser(ctx: AppContext, request: FastifyRequest): Promise<UserActor> {
  const token = bearer(request);
  if (token) {
    const cached = ctx.authCaches.user.get(token);
    if (cached) return cached;
    const claims = await ctx.tokens.verify(token, 'id');
    const row = await findLiveSession(ctx.db, claims.sid);
    if (!row || String(row.user.id) !== claims.sub) throw sessionInvalid();
    const actor = fromRow(row);
    ctx.authCaches.user.set(token, actor, claims.exp);
    return actor;
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (!cookie) throw unauthorized();
  const row = await findSessionByCookie(ctx.db, cookie);
  if (!row) throw sessionInvalid();
  return fromRow(row);
}

/** The user acting in one workspace: a Bearer access_token whose session and membership still hold. */
export async function authenticateAccount(ctx: AppContext, request: FastifyRequest): Promise<MemberActor> {
  const token = bearer(request);
  if (!token) throw unauthorized();
  const cached = ctx.authCaches.account.get(token);
  if (cached) return cached;
  const claims = await ctx.tokens.verify(token, 'access');
  const row = await findLiveSession(ctx.db, claims.sid);
  if (!row || String(row.user.id) !== claims.sub) throw sessionInvalid();
  const member = await findMembership(ctx.db, row.user.id, Number(claims.account_id));
  if (!member) throw new AppError('FORBIDDEN', 'You no longer have access to this workspace');
  const actor = memberActor(fromRow(row), member);
  ctx.authCaches.account.set(token, actor, claims.exp);
  return actor;
}
