import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { accounts, memberships, users } from '../db/schema/index.ts';
import { type AccountFeature, findMembership } from '../modules/accounts/memberships.ts';
import { findLiveSession, findSessionByCookie, SESSION_COOKIE } from '../modules/auth/session-store.ts';
import { type AuthCache, createAuthCache } from './auth-cache.ts';
import { AppError, unauthorized } from './errors.ts';

export type UserRow = typeof users.$inferSelect;

export type UserAuth = { user: UserRow; sessionId: string; impersonatorId: number | null };

export type AccountAuth = UserAuth & {
  account: typeof accounts.$inferSelect;
  membership: typeof memberships.$inferSelect;
  features: AccountFeature[];
};

export type AuthCaches = { user: AuthCache<UserAuth>; account: AuthCache<AccountAuth> };

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

const fromRow = (row: NonNullable<Awaited<ReturnType<typeof findLiveSession>>>): UserAuth => ({
  user: row.user,
  sessionId: row.session.id,
  impersonatorId: row.session.impersonatorId,
});

/** The signed-in user: a Bearer id_token, else the session cookie. */
export async function authenticateUser(ctx: AppContext, request: FastifyRequest): Promise<UserAuth> {
  const token = bearer(request);
  if (token) {
    const cached = ctx.authCaches.user.get(token);
    if (cached) return cached;
    const claims = await ctx.tokens.verify(token, 'id');
    const row = await findLiveSession(ctx.db, claims.sid);
    if (!row || String(row.user.id) !== claims.sub) throw sessionInvalid();
    const auth = fromRow(row);
    ctx.authCaches.user.set(token, auth, claims.exp);
    return auth;
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (!cookie) throw unauthorized();
  const row = await findSessionByCookie(ctx.db, cookie);
  if (!row) throw sessionInvalid();
  return fromRow(row);
}

/** The user acting in one workspace: a Bearer access_token whose session and membership still hold. */
export async function authenticateAccount(ctx: AppContext, request: FastifyRequest): Promise<AccountAuth> {
  const token = bearer(request);
  if (!token) throw unauthorized();
  const cached = ctx.authCaches.account.get(token);
  if (cached) return cached;
  const claims = await ctx.tokens.verify(token, 'access');
  const row = await findLiveSession(ctx.db, claims.sid);
  if (!row || String(row.user.id) !== claims.sub) throw sessionInvalid();
  const member = await findMembership(ctx.db, row.user.id, Number(claims.account_id));
  if (!member) throw new AppError('FORBIDDEN', 'You no longer have access to this workspace');
  const auth = { ...fromRow(row), ...member };
  ctx.authCaches.account.set(token, auth, claims.exp);
  return auth;
}
