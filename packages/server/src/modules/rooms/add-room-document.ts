import { type AddRoomDocumentBody, ROOM_ADMIN_MESSAGES, type RoomDocumentView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { documents, files, roomDocuments } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { presentRoomDocuments } from './list-room-documents.ts';
import { assertRoomAdmin } from './policies.ts';
import { nextPosition } from './positions.ts';
import { findRoom } from './scope.ts';

/**
 * POST /api/account/admin/room/{id}/document: a workflow document (document_history_id, a documents row)
 * or a cabinet file (file_id), of the room's workspace, at the end of the list.
 */
export async function addRoomDocument({
  tx,
  actor,
  id,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  input: AddRoomDocumentBody;
}): Promise<RoomDocumentView> {
  const room = await findRoom(tx, actor, id, true);
  assertRoomAdmin(actor, room);
  const hasDocument = input.document_history_id !== undefined;
  if (hasDocument === (input.file_id !== undefined))
    throw invalid({ document_history_id: ROOM_ADMIN_MESSAGES.documentRequired });
  let source: { documentId: number | null; fileId: number | null; label: string };
  if (input.document_history_id !== undefined) {
    const doc = await findOwned(tx, documents, actor, input.document_history_id, {
      what: 'Document not found',
    });
    source = { documentId: doc.id, fileId: null, label: doc.label || doc.filename };
  } else {
    const file = await findOwned(tx, files, actor, input.file_id as number, { what: 'File not found' });
    source = { documentId: null, fileId: file.id, label: file.filename };
  }
  const [row] = await insertRoomDocuments(tx, room.id, [
    { ...source, label: input.label?.trim() || source.label },
  ]);
  const [view] = await presentRoomDocuments(tx, room.id, [row.id]);
  return view;
}

/** Appends documents to a room's list, in the given order. */
export async function insertRoomDocuments(
  tx: Tx,
  roomId: number,
  items: { documentId: number | null; fileId: number | null; label: string }[],
) {
  const [{ position }] = await tx
    .select({ position: nextPosition })
    .from(roomDocuments)
    .where(eq(roomDocuments.roomId, roomId));
  return tx
    .insert(roomDocuments)
    .values(items.map((item, index) => ({ roomId, ...item, position: position + index })))
    .returning();
}
