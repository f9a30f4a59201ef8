import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, rooms, roomVisitors, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { findRoom } from '../rooms/scope.ts';
import { authorizeRoomSharing } from './policies.ts';

export type RoomRow = typeof rooms.$inferSelect;
export type VisitorRow = typeof roomVisitors.$inferSelect;

export const ROOM_NOT_FOUND = 'Room not found';

/** The room, if it is the actor's workspace's and the actor may manage its sharing (else 403 / 404). */
export async function findSharedRoom(tx: Tx, actor: MemberActor, id: number): Promise<RoomRow> {
  authorizeRoomSharing(actor);
  return findRoom(tx, actor, id);
}

/**
 * The room for a signed-in user outside any workspace token (/api/user/*): only when they are an admin of
 * the unrestricted workspace owning it; anyone else is told it does not exist.
 */
export async function findRoomAdministeredBy(tx: Tx, userId: number, id: number): Promise<RoomRow> {
  const [row] = await tx
    .select({ room: rooms })
    .from(rooms)
    .innerJoin(
      memberships,
      and(
        eq(memberships.accountId, rooms.accountId),
        eq(memberships.userId, userId),
        eq(memberships.isAdmin, true),
      ),
    )
    .innerJoin(accounts, eq(accounts.id, rooms.accountId))
    .where(and(eq(rooms.id, id), ne(accounts.roleId, RESTRICTED_ROLE_ID)));
  if (!row) throw notFound(ROOM_NOT_FOUND);
  return row.room;
}

export async function findVisitor(tx: Tx, room: RoomRow, visitorId: number): Promise<VisitorRow> {
  const [visitor] = await tx
    .select()
    .from(roomVisitors)
    .where(and(eq(roomVisitors.id, visitorId), eq(roomVisitors.roomId, room.id)));
  if (!visitor) throw notFound('User not found');
  return visitor;
}

/** How a visitor is named: the name they gave, their user's, their email, or Anonymous. */
export const visitorName = sql<string>`coalesce(nullif(${roomVisitors.name}, ''),
  nullif(trim(${users.firstName} || ' ' || ${users.familyName}), ''), ${roomVisitors.email}, ${users.email}, 'Anonymous')`;
export const visitorEmail = sql<string | null>`coalesce(${roomVisitors.email}, ${users.email})`;
