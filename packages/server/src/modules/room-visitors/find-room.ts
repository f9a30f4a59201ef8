import { ROOM_MESSAGES } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, rooms } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { CODE_PATTERN, codeHash } from '../rooms/link-codes.ts';
import { findRoomWithParts, type RoomParts } from '../rooms/overview.ts';
import { userRoomsCondition } from '../rooms/user-rooms-scope.ts';

export type RoomRow = typeof rooms.$inferSelect;

/** The link is dead (revoked by a new generation) or never was: one answer for both. */
export const roomGone = () => new AppError('NOT_FOUND', ROOM_MESSAGES.revoked);

/**
 * The room a general access code opens: found only by the code's hash, never by an id from the request.
 * A malformed code is refused before the database is asked.
 */
export async function findRoomByCode(tx: Tx, code: string): Promise<RoomRow> {
  if (!CODE_PATTERN.test(code)) throw roomGone();
  const [room] = await tx
    .select()
    .from(rooms)
    .where(eq(rooms.codeHash, codeHash(code)))
    .limit(1);
  if (!room) throw roomGone();
  return room;
}

/**
 * The room a general access code opens (as findRoomByCode) with its overview's parts, in one statement:
 * the guest view's hot path. Nothing of the parts leaves before the viewer is let in.
 */
export async function findRoomAndPartsByCode(
  tx: Tx,
  code: string,
): Promise<{ room: RoomRow; parts: RoomParts }> {
  if (!CODE_PATTERN.test(code)) throw roomGone();
  const found = await findRoomWithParts(tx, eq(rooms.codeHash, codeHash(code)));
  if (!found) throw roomGone();
  return found;
}

/**
 * A room named by id to a signed-in user (/api/user/rooms/{id}/…): only a room of one of their workspaces,
 * as GET /api/user/rooms/{id} finds it. Anyone else reaches a room by its code only; an id is guessable.
 */
export async function findMemberRoom(tx: Tx, actor: UserActor, id: number): Promise<RoomRow> {
  const [row] = await tx
    .select({ room: rooms })
    .from(rooms)
    .innerJoin(accounts, eq(accounts.id, rooms.accountId))
    .innerJoin(memberships, eq(memberships.accountId, rooms.accountId))
    .where(and(eq(rooms.id, id), userRoomsCondition(actor)))
    .limit(1);
  if (!row) throw notFound('Room not found');
  return row.room;
}
