import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomLinks } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { assertRoomAdmin } from './policies.ts';
import { findLink, findRoom } from './scope.ts';

/** DELETE /api/account/admin/room/{id}/link/{linkId} */
export async function deleteRoomLink({
  tx,
  actor,
  id,
  linkId,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  linkId: number;
}) {
  const room = await findRoom(tx, actor, id);
  assertRoomAdmin(actor, room);
  const link = await findLink(tx, room.id, linkId);
  await tx.delete(roomLinks).where(eq(roomLinks.id, link.id));
}
