import type { RoomUserSort } from '@charter/domain';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomCodes, roomHistory, roomVisitors, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { presentRoomUser } from './presenters.ts';
import { findSharedRoom, visitorEmail, visitorName } from './scope.ts';

const anonymousFirst = sql`(${roomVisitors.userId} is null and ${roomVisitors.email} is null) desc`;

/** Spec 3 §9: last visited (anonymous first, the default), name, date added; ties by id so pages are stable. */
const ORDERS = {
  'last-visited': [anonymousFirst, sql`${roomVisitors.lastVisitedAt} desc nulls last`, desc(roomVisitors.id)],
  name: [asc(sql`lower(${visitorName})`), asc(roomVisitors.id)],
  'date-added': [desc(roomVisitors.createdAt), desc(roomVisitors.id)],
} as const;

/**
 * Room stats (spec 3 §3): Total Visits (the visitors' times visited), Total Interactions (documents viewed
 * or downloaded, from the history, hidden entries left out), personal links, and one page of users in
 * the chosen order.
 */
export async function roomStats({
  tx,
  actor,
  roomId,
  sort,
  offset,
  limit,
}: {
  tx: Tx;
  actor: MemberActor;
  roomId: number;
  sort: RoomUserSort;
  offset: number;
  limit: number;
}) {
  const room = await findSharedRoom(tx, actor, roomId);
  const [totals] = await tx
    .select({
      visits: sql<number>`coalesce(sum(${roomVisitors.timesVisited}), 0)::int`,
      users: sql<number>`count(*)::int`,
    })
    .from(roomVisitors)
    .where(eq(roomVisitors.roomId, room.id));
  const [interactions] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(roomHistory)
    .where(
      sql`${roomHistory.roomId} = ${room.id} and ${inArray(roomHistory.action, ['view', 'download'])}
        and ${roomHistory.hiddenAt} is null`,
    );
  const [links] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(roomCodes)
    .where(eq(roomCodes.roomId, room.id));
  const page = await tx
    .select({ visitor: roomVisitors, name: visitorName, email: visitorEmail })
    .from(roomVisitors)
    .leftJoin(users, eq(users.id, roomVisitors.userId))
    .where(eq(roomVisitors.roomId, room.id))
    .orderBy(...ORDERS[sort])
    .limit(limit)
    .offset(offset);
  return {
    total_visits: totals.visits,
    total_interactions: interactions.count,
    total_private_links: links.count,
    users_total: totals.users,
    users: page.map((row) => presentRoomUser(row.visitor, row.name, row.email)),
  };
}
