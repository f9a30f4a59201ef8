import { ROOM_SETTINGS_MESSAGES } from '@charter/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomCodes, roomSessions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findSharedRoom } from './scope.ts';

/** Revokes one personal link (revoked_at) and ends the sessions it started; revoking it again changes nothing. */
export async function revokeRoomCode({
  tx,
  actor,
  roomId,
  codeId,
}: {
  tx: Tx;
  actor: MemberActor;
  roomId: number;
  codeId: number;
}) {
  const room = await findSharedRoom(tx, actor, roomId);
  const [code] = await tx
    .select({ id: roomCodes.id })
    .from(roomCodes)
    .where(and(eq(roomCodes.id, codeId), eq(roomCodes.roomId, room.id)));
  if (!code) throw notFound('Room link not found');
  await tx
    .update(roomCodes)
    .set({ revokedAt: new Date() })
    .where(and(eq(roomCodes.id, code.id), isNull(roomCodes.revokedAt)));
  // The sessions the link started end with it, and the file tokens issued under them (cascade).
  await tx.delete(roomSessions).where(eq(roomSessions.codeId, code.id));
  await recordAudit(tx, actor, 'room.code.revoke', { roomId: room.id, codeId: code.id });
  return { message: ROOM_SETTINGS_MESSAGES.revoked };
}
