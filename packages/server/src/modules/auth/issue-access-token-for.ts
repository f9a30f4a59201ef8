import { FEATURE_TYPE } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sessions } from '../../db/schema/index.ts';
import { isImpersonated, type UserActor } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';
import { acceptMembership, findMembership } from '../accounts/memberships.ts';
import { issueAccessToken } from './issue-tokens.ts';
import { canOpenWorkspace, IMPERSONATOR_BOUND_TO_WORKSPACE } from './policies.ts';

/** The workspace an impersonated session was opened for (null for the user's own sessions). */
async function boundAccount(ctx: AppContext, actor: UserActor) {
  if (!isImpersonated(actor)) return null;
  const [row] = await ctx.db
    .select({ accountId: sessions.boundAccountId })
    .from(sessions)
    .where(eq(sessions.id, actor.sessionId))
    .limit(1);
  return row?.accountId ?? null;
}

/** POST /api/authn/access_token: a token for one workspace the session's user belongs to. */
export async function issueAccessTokenFor(input: {
  ctx: AppContext;
  actor: UserActor;
  accountId: number;
  userId?: number;
}) {
  const { ctx, actor, accountId, userId } = input;
  if (userId !== undefined && userId !== actor.userId) {
    throw forbidden('You can only request tokens for yourself.');
  }
  if (!canOpenWorkspace(actor, await boundAccount(ctx, actor), accountId)) {
    throw forbidden(IMPERSONATOR_BOUND_TO_WORKSPACE);
  }
  const row = await findMembership(ctx.db, actor.userId, accountId);
  if (!row) throw forbidden('To access that page you must be an admin of its parent Workspace.');
  // Opening the workspace themselves accepts its invitation; staff acting as them accept nothing.
  if (!row.membership.acceptedAt && !isImpersonated(actor)) {
    await acceptMembership(ctx.db, actor.userId, accountId);
  }
  return issueAccessToken(ctx, {
    user: actor.user,
    sessionId: actor.sessionId,
    impersonatorId: actor.impersonatorId,
    account: row.account,
    // Feature 1583 is read from the workspace's partner connections only (accountFeaturesJson).
    partners: row.features.filter((f) => f.feature_type_id === FEATURE_TYPE.PARTNER_SLUG).map((f) => f.value),
  });
}
