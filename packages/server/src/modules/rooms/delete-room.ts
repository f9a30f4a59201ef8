import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rooms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { assertRoomAdmin } from './policies.ts';
import { findRoom } from './scope.ts';

/** DELETE /api/account/admin/room/{id}: the room and everything in it (its links die with it). */
export async function deleteRoom({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  const room = await findRoom(tx, actor, id, true);
  assertRoomAdmin(actor, room);
  await tx.delete(rooms).where(eq(rooms.id, room.id));
  await recordAudit(tx, actor, 'room.delete', { roomId: room.id, label: room.label });
}
