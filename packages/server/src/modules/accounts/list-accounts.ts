import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accountFeatures, accounts, memberships } from '../../db/schema/index.ts';

/** The user's workspaces with their features, in one query. */
export async function listAccounts(tx: Tx, userId: number) {
  return tx
    .select({
      account: accounts,
      membership: memberships,
      features: sql<{ feature_type_id: number; value: string }[]>`coalesce(
        (select json_agg(json_build_object('feature_type_id', f.feature_type_id, 'value', f.value)
                         order by f.feature_type_id)
           from ${accountFeatures} f where f.account_id = ${accounts.id}), '[]'::json)`,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(desc(memberships.preferred), asc(memberships.accountOrder), asc(accounts.id));
}
