import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomReports } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { findRoom } from '../rooms/scope.ts';
import { assertCanManageReports } from './policies.ts';

/** DELETE /api/account/admin/room/{id}/report/{reportId}: takes a report table out of a room. */
export async function removeRoomReport({
  tx,
  actor,
  roomId,
  reportId,
}: {
  tx: Tx;
  actor: MemberActor;
  roomId: number;
  reportId: number;
}) {
  assertCanManageReports(actor);
  const room = await findRoom(tx, actor, roomId, true);
  const removed = await tx
    .delete(roomReports)
    .where(and(eq(roomReports.id, reportId), eq(roomReports.roomId, room.id)))
    .returning({ id: roomReports.id });
  if (removed.length === 0) throw notFound('Report not found');
}
