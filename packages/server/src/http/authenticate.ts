import { WORKSPACE_ACCESS_LOST } from '@charter/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { findMemberSession } from '../modules/auth/find-member-session.ts';
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
  userActor(row.user, row.session.id, row.session.impersonatorId, row.session.boundAccountId);

/** The signed-in user: a Bearer id_token, else the session cookie. */
export async function authenticateUser(ctx: AppContext, request: FastifyRequest): Promise<UserActor> {
  const token = bearer(request);
  if (token) {
    return ctx.authCaches.user.resolve(token, async () => {
      const claims = await ctx.tokens.verify(token, 'id');
      const row = await findLiveSession(ctx.db, claims.sid);
      if (!row || String(row.user.id) !== claims.sub) throw sessionInvalid();
      return { value: fromRow(row), exp: claims.exp };
    });
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
  return authenticateAccessToken(ctx, token);
}

/** What an access token proves (a live session and membership), however it came (header, socket URL). */
export function authenticateAccessToken(ctx: AppContext, token: string): Promise<MemberActor> {
  return ctx.authCaches.account.resolve(token, async () => {
    const claims = await ctx.tokens.verify(token, 'access');
    const row = await findMemberSession(ctx.db, claims.sid, Number(claims.account_id));
    if (!row || String(row.user.id) !== claims.sub) throw sessionInvalid();
    if (!row.member) throw new AppError('FORBIDDEN', WORKSPACE_ACCESS_LOST);
    return { value: memberActor(fromRow(row), row.member), exp: claims.exp };
  });
}
