import { ROOM_MESSAGES, type RoomDocumentView, type UpdateRoomDocumentBody } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomDocuments } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { presentRoomDocuments } from './list-room-documents.ts';
import { assertRoomAdmin } from './policies.ts';
import { findRoom, findRoomDocument } from './scope.ts';

/** PUT /api/account/admin/room/{id}/document/{docId}: a new label. */
export async function updateRoomDocument({
  tx,
  actor,
  id,
  docId,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  docId: number;
  input: UpdateRoomDocumentBody;
}): Promise<RoomDocumentView> {
  const room = await findRoom(tx, actor, id);
  assertRoomAdmin(actor, room);
  const doc = await findRoomDocument(tx, room.id, docId);
  const label = input.label.trim();
  if (!label) throw invalid({ label: ROOM_MESSAGES.emptyName });
  await tx.update(roomDocuments).set({ label, updatedAt: new Date() }).where(eq(roomDocuments.id, doc.id));
  const [view] = await presentRoomDocuments(tx, room.id, [doc.id]);
  return view;
}
