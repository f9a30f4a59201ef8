import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, memberships, sessions, users } from '../../db/schema/index.ts';
import { accountFeaturesJson, activeMembership } from '../accounts/memberships.ts';
import { liveSession } from './session-store.ts';

/**
 * A live session, its enabled user and that user's membership of one workspace (with the workspace and
 * its features), in one indexed query: what an access token must still prove on every request. The
 * membership half is null when the user is not (or no longer, or not yet: activeMembership) a member. Null
 * when the session is dead.
 */
export async function findMemberSession(db: Db, sessionId: string, accountId: number) {
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      membership: memberships,
      account: accounts,
      features: accountFeaturesJson,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.accountId, accountId), activeMembership),
    )
    .leftJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(liveSession(sessionId), isNull(users.disabledAt)))
    .limit(1);
  if (!row) return null;
  const { session, user, membership, account, features } = row;
  return { session, user, member: membership && account ? { membership, account, features } : null };
}
