import { FEATURE_TYPE } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { UserActor } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';
import { findMembership } from '../accounts/memberships.ts';
import { issueAccessToken } from './issue-tokens.ts';

/** POST /api/authn/access_token: a token for one workspace the session's user belongs to. */
export async function issueAccessTokenFor(
  ctx: AppContext,
  actor: UserActor,
  input: { account_id: number; user_id?: number },
) {
  if (input.user_id !== undefined && input.user_id !== actor.userId) {
    throw forbidden('You can only request tokens for yourself.');
  }
  const row = await findMembership(ctx.db, actor.userId, input.account_id);
  if (!row) throw forbidden('To access that page you must be an admin of its parent Workspace.');
  return issueAccessToken(ctx, {
    user: actor.user,
    sessionId: actor.sessionId,
    impersonatorId: actor.impersonatorId,
    account: row.account,
    partners: row.features.filter((f) => f.feature_type_id === FEATURE_TYPE.PARTNER_SLUG).map((f) => f.value),
  });
}
