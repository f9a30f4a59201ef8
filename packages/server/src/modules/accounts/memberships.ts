import { FEATURE_TYPE } from '@charter/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accountFeatures, accounts, memberships, partnerAccounts, partners } from '../../db/schema/index.ts';

export type AccountFeature = { feature_type_id: number; value: string };

/**
 * A workspace's features as one JSON list, selected alongside the workspace itself. The partner slug
 * (feature 1583) comes only from a real partner connection (partner_accounts), never from a stored
 * feature a user could have sent.
 */
const PARTNER_SLUG = sql.raw(String(FEATURE_TYPE.PARTNER_SLUG));

export const accountFeaturesJson = sql<AccountFeature[]>`coalesce(
  (select json_agg(json_build_object('feature_type_id', f.feature_type_id, 'value', f.value)
                   order by f.feature_type_id, f.value)
     from (select af.feature_type_id, af.value from ${accountFeatures} af
            where af.account_id = ${accounts.id} and af.feature_type_id <> ${PARTNER_SLUG}
           union all
           select ${PARTNER_SLUG}, p.slug from ${partnerAccounts} pa
             join ${partners} p on p.id = pa.partner_id
            where pa.account_id = ${accounts.id}) f), '[]'::json)`;

/** The user's membership of one workspace, with the workspace and its features: one query, or null. */
export async function findMembership(tx: Tx, userId: number, accountId: number) {
  const [row] = await tx
    .select({ account: accounts, membership: memberships, features: accountFeaturesJson })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}
