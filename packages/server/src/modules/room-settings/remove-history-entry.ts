import { ROOM_SETTINGS_MESSAGES } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomHistory } from '../../db/schema/index.ts';
import { mayActIn, type UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findRoomAdministeredBy } from './scope.ts';

/** An admin of the room's workspace removes one history entry (spec 3 §7 DELETE …/history/{historyId}). */
export async function removeHistoryEntry({
  tx,
  actor,
  roomId,
  historyId,
}: {
  tx: Tx;
  actor: UserActor;
  roomId: number;
  historyId: number;
}) {
  const room = await findRoomAdministeredBy(tx, actor.userId, roomId);
  if (!mayActIn(actor, room.accountId)) throw notFound('Room not found');
  const removed = await tx
    .delete(roomHistory)
    .where(and(eq(roomHistory.id, historyId), eq(roomHistory.roomId, room.id)))
    .returning({ id: roomHistory.id });
  if (removed.length === 0) throw notFound('History entry not found');
  await recordAudit(
    tx,
    actor,
    'room.history.remove',
    { roomId: room.id, historyId },
    { accountId: room.accountId },
  );
  return { message: ROOM_SETTINGS_MESSAGES.historyRemoved };
}
