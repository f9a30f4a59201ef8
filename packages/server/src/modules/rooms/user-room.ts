import type { UserRoomDetail } from '@charter/domain';
import { and, eq, max } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, rooms, roomVisitors } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { loadRoomView } from './overview.ts';
import { presentUserRoom } from './presenters.ts';
import { roomCounts, userRoomsCondition } from './user-rooms-scope.ts';

/** GET /api/user/rooms/{id}: a room of one of the user's workspaces, with its overview (else 404). */
export async function userRoom({
  tx,
  actor,
  id,
}: {
  tx: Tx;
  actor: UserActor;
  id: number;
}): Promise<UserRoomDetail> {
  const [row] = await tx
    .select({ room: rooms, accountName: accounts.companyName, isAdmin: memberships.isAdmin, ...roomCounts })
    .from(rooms)
    .innerJoin(accounts, eq(accounts.id, rooms.accountId))
    .innerJoin(memberships, eq(memberships.accountId, rooms.accountId))
    .where(and(eq(rooms.id, id), userRoomsCondition(actor)));
  if (!row) throw notFound('Room not found');
  // Spec 3 §6: non-admin viewers see the documents they must sign, matched by their own email.
  const admin = row.isAdmin;
  const overview = await loadRoomView({
    tx,
    room: row.room,
    viewer: admin ? { kind: 'admin' } : { kind: 'visitor', emails: [actor.user.email] },
  });
  return {
    room: presentUserRoom(
      row.room,
      { id: row.room.accountId, name: row.accountName },
      { documents: row.documents, links: row.links, tables: row.tables },
    ),
    overview,
    abilities: { edit: admin, settings: admin, share: admin, delete: admin },
    last_visit_at: await lastVisit(tx, row.room.id, admin ? null : actor.userId),
  };
}

/** The room's latest visit (one visitor's, when a user is named), from room_visitors' last_visited_at. */
async function lastVisit(tx: Tx, roomId: number, userId: number | null) {
  const [row] = await tx
    .select({ at: max(roomVisitors.lastVisitedAt) })
    .from(roomVisitors)
    .where(
      and(eq(roomVisitors.roomId, roomId), userId === null ? undefined : eq(roomVisitors.userId, userId)),
    );
  return row?.at ? new Date(row.at).toISOString() : null;
}
