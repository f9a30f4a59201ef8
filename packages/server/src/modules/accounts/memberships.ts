import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accountFeatures, accounts, memberships } from '../../db/schema/index.ts';

export type AccountFeature = { feature_type_id: number; value: string };

/** A workspace's features as one JSON list, selected alongside the workspace itself. */
export const accountFeaturesJson = sql<AccountFeature[]>`coalesce(
  (select json_agg(json_build_object('feature_type_id', f.feature_type_id, 'value', f.value)
                   order by f.feature_type_id)
     from ${accountFeatures} f where f.account_id = ${accounts.id}), '[]'::json)`;

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
