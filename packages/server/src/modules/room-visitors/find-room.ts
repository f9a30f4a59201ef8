import { ROOM_MESSAGES } from '@charter/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, rooms, roomVisitors } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { CODE_PATTERN, codeHash } from '../rooms/link-codes.ts';
import { type Json, partsColumns, type RoomParts, toParts } from '../rooms/overview.ts';
import { userRoomsCondition } from '../rooms/user-rooms-scope.ts';
import type { VisitorRow } from './policies.ts';

export type RoomRow = typeof rooms.$inferSelect;

/** The link is dead (revoked by a new generation) or never was: one answer for both. */
export const roomGone = () => new AppError('NOT_FOUND', ROOM_MESSAGES.revoked);

/**
 * Where a general access code's room is: by the code's hash only, never by an id from the request. A
 * malformed code is refused before the database is asked.
 */
function byCode(code: string) {
  if (!CODE_PATTERN.test(code)) throw roomGone();
  return eq(rooms.codeHash, codeHash(code));
}

/** The room a general access code opens. */
export async function findRoomByCode(tx: Tx, code: string): Promise<RoomRow> {
  const [room] = await tx.select().from(rooms).where(byCode(code)).limit(1);
  if (!room) throw roomGone();
  return room;
}

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The room a general access code opens with its overview's parts and, for a browser key, the key's
 * visitor row of the room (null: none yet), in one statement: the guest view's hot path, polled by every
 * open page. Nothing of it leaves before the viewer is let in (resolveViewer).
 */
export async function findRoomAndPartsByCode(
  tx: Tx,
  code: string,
  key: string | null,
): Promise<{ room: RoomRow; parts: RoomParts; keyVisitor: VisitorRow | null | undefined }> {
  const keyVisitor = sql<Json<VisitorRow> | null>`(select json_build_object('id', v.id, 'email', v.email,
    'name', v.name, 'userId', v.user_id, 'previousVisitAt', v.previous_visit_at,
    'disconnectedAt', v.disconnected_at)
    from ${roomVisitors} v where v.room_id = ${rooms}.id and v.key = ${key})`;
  const [row] = await tx
    .select({ room: rooms, ...partsColumns, ...(key ? { keyVisitor } : {}) })
    .from(rooms)
    .where(byCode(code))
    .limit(1);
  if (!row) throw roomGone();
  const {
    room,
    keyVisitor: visitor,
    ...parts
  } = row as typeof row & { keyVisitor?: Json<VisitorRow> | null };
  return {
    room,
    parts: toParts(parts),
    keyVisitor: visitor
      ? {
          ...visitor,
          previousVisitAt: dateOf(visitor.previousVisitAt),
          disconnectedAt: dateOf(visitor.disconnectedAt),
        }
      : visitor,
  };
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
