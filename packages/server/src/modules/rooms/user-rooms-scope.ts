import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { accounts, memberships, roomDocuments, roomLinks, rooms, roomTables } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { activeMembership } from '../accounts/memberships.ts';

/**
 * Rooms a signed-in user reaches outside a workspace (GET /api/user/rooms): those of workspaces they are
 * a member of, except restricted (role 3) ones (spec 1 §6), and only the bound one for a remote login.
 */
export function userRoomsCondition(actor: UserActor): SQL | undefined {
  return and(
    eq(memberships.userId, actor.userId),
    // Not a membership still pending its address's proof or suspended by a takeover's review.
    activeMembership,
    ne(accounts.roleId, RESTRICTED_ROLE_ID),
    actor.boundAccountId === null ? undefined : eq(rooms.accountId, actor.boundAccountId),
  );
}

/** The room's counts, as correlated subqueries of the same statement (no query per room). */
export const roomCounts = {
  documents: sql<number>`(select count(*)::int from ${roomDocuments} where ${roomDocuments.roomId} = ${rooms.id})`,
  links: sql<number>`(select count(*)::int from ${roomLinks} where ${roomLinks.roomId} = ${rooms.id})`,
  tables: sql<number>`(select count(*)::int from ${roomTables} where ${roomTables.roomId} = ${rooms.id})`,
};
