import { MEMBER_NOT_FOUND, WORKSPACE_ACCESS_LOST } from '@charter/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { MemberContext } from './policies.ts';

export type MemberRow = { user: typeof users.$inferSelect; membership: typeof memberships.$inferSelect };

/** The workspace's members with their users, oldest member first: one query. */
export function listMemberRows(tx: Tx, accountId: number): Promise<MemberRow[]> {
  return tx
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(users.id));
}

/** One member of the workspace; another workspace's member (or nobody) is a 404. */
export async function findMember(tx: Tx, accountId: number, userId: number): Promise<MemberRow> {
  const [row] = await tx
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row;
}

/**
 * The workspace row, locked for the rest of the transaction, with its member and admin counts: member
 * changes of one workspace run one at a time, so two invitations cannot both take the last seat and two
 * demotions cannot leave it without an admin. `authorize` then runs again on the caller's membership as it
 * is now (their token may predate a demotion committed while they waited for the lock).
 */
export async function lockWorkspace(
  tx: Tx,
  actor: MemberActor,
  authorize: (current: MemberActor) => void = () => undefined,
) {
  const accountId = actor.accountId;
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  const [membership] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, actor.userId)))
    .limit(1);
  if (!membership) throw new AppError('FORBIDDEN', WORKSPACE_ACCESS_LOST);
  const current: MemberActor = { ...actor, membership, isAdmin: membership.isAdmin };
  authorize(current);
  const [counts] = await tx
    .select({
      members: sql<number>`count(*)::int`,
      admins: sql<number>`count(*) filter (where ${memberships.isAdmin})::int`,
    })
    .from(memberships)
    .where(eq(memberships.accountId, accountId));
  const context: MemberContext = {
    ownerId: account.ownerId,
    signatoryId: account.signatoryId,
    adminCount: counts.admins,
  };
  return { account, memberCount: counts.members, context, current };
}
