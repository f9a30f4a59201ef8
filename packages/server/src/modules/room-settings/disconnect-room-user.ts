import { ROOM_SETTINGS_MESSAGES } from '@charter/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomCodes, roomSessions, roomVisitors } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findSharedRoom, findVisitor } from './scope.ts';

/**
 * Disconnects a room user: their sessions end at once, their personal links (by user or by email) are
 * revoked, and the visitor row is marked so the list shows it. Their history stays.
 */
export async function disconnectRoomUser({
  tx,
  actor,
  roomId,
  visitorId,
}: {
  tx: Tx;
  actor: MemberActor;
  roomId: number;
  visitorId: number;
}) {
  const room = await findSharedRoom(tx, actor, roomId);
  const visitor = await findVisitor(tx, room, visitorId);
  const now = new Date();
  await tx.update(roomVisitors).set({ disconnectedAt: now }).where(eq(roomVisitors.id, visitor.id));
  await tx.delete(roomSessions).where(eq(roomSessions.visitorId, visitor.id));
  const theirs = [
    visitor.userId === null ? undefined : eq(roomCodes.userId, visitor.userId),
    visitor.email === null ? undefined : sql`lower(${roomCodes.email}) = lower(${visitor.email})`,
  ].filter((x) => x !== undefined);
  if (theirs.length > 0) {
    await tx
      .update(roomCodes)
      .set({ revokedAt: now })
      .where(and(eq(roomCodes.roomId, room.id), isNull(roomCodes.revokedAt), or(...theirs)));
  }
  await recordAudit(tx, actor, 'room.user.disconnect', { roomId: room.id, visitorId: visitor.id });
  return { message: ROOM_SETTINGS_MESSAGES.disconnected };
}
