import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, auditLog, memberships, users } from '../../db/schema/index.ts';
import { isStaff, type UserActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { activeMembership } from '../accounts/memberships.ts';
import { issueAccessToken, issueIdToken } from './issue-tokens.ts';
import { presentUser } from './presenters.ts';
import { createSession } from './session-store.ts';

/**
 * POST /api/authn/session/remote: staff act as a user in one of their workspaces; the session and every
 * token carry the staff id.
 */
export async function remoteLogin(input: {
  ctx: AppContext;
  actor: UserActor;
  userId: number;
  accountId: number;
  /** Why (required by the route's schema); kept with the audit row. */
  reason: string;
  ip?: string;
  userAgent?: string;
}) {
  const { ctx, actor: staff } = input;
  if (!isStaff(staff)) {
    throw new AppError('NOT_SUDO', 'Only platform staff can log in as another user.');
  }
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ user: users, account: accounts })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(
        and(
          eq(memberships.userId, input.userId),
          eq(memberships.accountId, input.accountId),
          activeMembership,
        ),
      )
      .limit(1);
    if (!target) throw notFound('That user is not a member of that workspace');
    const session = await createSession(tx, {
      userId: target.user.id,
      method: 'remote',
      impersonatorId: staff.user.id,
      boundAccountId: target.account.id,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    // Under the staff member's own name: they act, the user and workspace are what they act on.
    await tx.insert(auditLog).values({
      action: 'remote_login',
      actorUserId: staff.user.id,
      impersonatorId: staff.user.id,
      accountId: target.account.id,
      target: { user_id: target.user.id, account_id: target.account.id, session_id: session.id },
      reason: input.reason,
      ip: input.ip,
    });
    const tokens = { user: target.user, sessionId: session.id, impersonatorId: staff.user.id };
    return {
      cookie: session.cookie,
      body: {
        id_token: await issueIdToken(ctx, target.user, session.id, staff.user.id),
        access_token: await issueAccessToken(ctx, { ...tokens, account: target.account }),
        account_id: target.account.id,
        user: presentUser(target.user, staff.user.id),
      },
    };
  });
}
