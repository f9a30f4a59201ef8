import { DATA_ROOM_FOLDER, type RoomDocumentView } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { MemberActor } from '../../http/actor.ts';
import { storeUploads, type Upload } from '../cabinet/store-uploads.ts';
import { insertRoomDocuments } from './add-room-document.ts';
import { presentRoomDocuments } from './list-room-documents.ts';
import { assertRoomAdmin } from './policies.ts';
import { findRoom } from './scope.ts';

/**
 * POST /api/account/admin/room/{id}/document/upload: files saved to the cabinet's Data Room folder (the
 * cabinet's own upload: type checks, all or nothing) and then added to the room.
 */
export async function uploadRoomDocuments({
  ctx,
  actor,
  id,
  uploads,
}: {
  ctx: AppContext;
  actor: MemberActor;
  id: number;
  uploads: Upload[];
}): Promise<RoomDocumentView[]> {
  const room = await findRoom(ctx.db, actor, id);
  assertRoomAdmin(actor, room);
  const stored = await storeUploads({ ctx, actor, folder: DATA_ROOM_FOLDER, uploads });
  return ctx.db.transaction(async (tx) => {
    const current = await findRoom(tx, actor, id, true);
    const rows = await insertRoomDocuments(
      tx,
      current.id,
      stored.map((file) => ({ documentId: null, fileId: file.id, label: file.filename })),
    );
    return presentRoomDocuments(
      tx,
      current.id,
      rows.map((r) => r.id),
    );
  });
}
