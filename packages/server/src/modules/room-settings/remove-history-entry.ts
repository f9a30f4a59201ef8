import { ROOM_SETTINGS_MESSAGES } from '@charter/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomHistory } from '../../db/schema/index.ts';
import { mayActIn, type UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findRoomAdministeredBy } from './scope.ts';

/**
 * An admin of the room's workspace removes one history entry from view (spec 3 §7 DELETE
 * …/history/{historyId}). The history is an audit trail of what outside people did: the entry is hidden
 * (when, by whom), never erased (a trigger refuses the DELETE), as document-room products keep their
 * activity logs. Hiding a hidden entry again is not found, as a second removal was.
 */
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
  const hidden = await tx
    .update(roomHistory)
    .set({ hiddenAt: new Date(), hiddenBy: actor.userId })
    .where(and(eq(roomHistory.id, historyId), eq(roomHistory.roomId, room.id), isNull(roomHistory.hiddenAt)))
    .returning({ id: roomHistory.id });
  if (hidden.length === 0) throw notFound('History entry not found');
  await recordAudit(
    tx,
    actor,
    'room.history.hide',
    { roomId: room.id, historyId },
    { accountId: room.accountId },
  );
  return { message: ROOM_SETTINGS_MESSAGES.historyHidden };
}
