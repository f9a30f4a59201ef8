import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accountFeatures, accounts, memberships } from '../../db/schema/index.ts';
import type { UserAuth } from '../../http/authenticate.ts';
import { forbidden } from '../../http/errors.ts';
import { issueAccessToken } from './issue-tokens.ts';

const PARTNER_SLUG = 1583;

/** POST /api/authn/access_token: a token for one workspace the session's user belongs to. */
export async function issueAccessTokenFor(
  ctx: AppContext,
  auth: UserAuth,
  input: { account_id: number; user_id?: number },
) {
  if (input.user_id !== undefined && input.user_id !== auth.user.id) {
    throw forbidden('You can only request tokens for yourself.');
  }
  const rows = await ctx.db
    .select({ account: accounts, partner: accountFeatures.value })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .leftJoin(
      accountFeatures,
      and(eq(accountFeatures.accountId, accounts.id), eq(accountFeatures.featureTypeId, PARTNER_SLUG)),
    )
    .where(and(eq(memberships.accountId, input.account_id), eq(memberships.userId, auth.user.id)))
    .limit(1);
  const row = rows[0];
  if (!row) throw forbidden('To access that page you must be an admin of its parent Workspace.');
  return issueAccessToken(ctx, {
    user: auth.user,
    sessionId: auth.sessionId,
    impersonatorId: auth.impersonatorId,
    account: row.account,
    partners: row.partner ? [row.partner] : [],
  });
}
