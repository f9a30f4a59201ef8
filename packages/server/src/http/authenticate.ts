import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { accounts, memberships, type users } from '../db/schema/index.ts';
import { findLiveSession, findSessionByCookie, SESSION_COOKIE } from '../modules/auth/session-store.ts';
import { AppError, unauthorized } from './errors.ts';

export type UserRow = typeof users.$inferSelect;

export type UserAuth = { user: UserRow; sessionId: string; impersonatorId: number | null };

export type AccountAuth = UserAuth & {
  account: typeof accounts.$inferSelect;
  membership: typeof memberships.$inferSelect;
};

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

/** The signed-in user: a Bearer id_token, else the session cookie. */
export async function authenticateUser(ctx: AppContext, request: FastifyRequest): Promise<UserAuth> {
  const token = bearer(request);
  if (token) {
    const claims = await ctx.tokens.verify(token, 'id');
    const row = await findLiveSession(ctx.db, claims.sid);
    if (!row || String(row.user.id) !== claims.sub) throw sessionInvalid();
    return { user: row.user, sessionId: row.session.id, impersonatorId: row.session.impersonatorId };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (!cookie) throw unauthorized();
  const row = await findSessionByCookie(ctx.db, cookie);
  if (!row) throw sessionInvalid();
  return { user: row.user, sessionId: row.session.id, impersonatorId: row.session.impersonatorId };
}

/** The user acting in one workspace: a Bearer access_token whose session and membership still hold. */
export async function authenticateAccount(ctx: AppContext, request: FastifyRequest): Promise<AccountAuth> {
  const token = bearer(request);
  if (!token) throw unauthorized();
  const claims = await ctx.tokens.verify(token, 'access');
  const accountId = Number(claims.account_id);
  const row = await findLiveSession(ctx.db, claims.sid);
  if (!row || String(row.user.id) !== claims.sub) throw sessionInvalid();
  const [member] = await ctx.db
    .select({ account: accounts, membership: memberships })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, row.user.id)))
    .limit(1);
  if (!member) throw new AppError('FORBIDDEN', 'You no longer have access to this workspace');
  return {
    user: row.user,
    sessionId: row.session.id,
    impersonatorId: row.session.impersonatorId,
    account: member.account,
    membership: member.membership,
  };
}
