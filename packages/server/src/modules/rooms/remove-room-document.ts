import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomDocuments } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { assertRoomAdmin } from './policies.ts';
import { findRoom, findRoomDocument } from './scope.ts';

/** DELETE /api/account/admin/room/{id}/document/{docId}: out of the room (the file stays in the cabinet). */
export async function removeRoomDocument({
  tx,
  actor,
  id,
  docId,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  docId: number;
}) {
  const room = await findRoom(tx, actor, id);
  assertRoomAdmin(actor, room);
  const doc = await findRoomDocument(tx, room.id, docId);
  await tx.delete(roomDocuments).where(eq(roomDocuments.id, doc.id));
}
