import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { accountFeaturesJson, activeMembership } from './memberships.ts';

/** The user's workspaces (active memberships only) with their features, in one query. */
export async function listAccounts({ tx, actor }: { tx: Tx; actor: UserActor }) {
  return tx
    .select({
      account: accounts,
      membership: memberships,
      features: accountFeaturesJson,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, actor.userId), activeMembership))
    .orderBy(desc(memberships.preferred), asc(memberships.accountOrder), asc(accounts.id));
}
