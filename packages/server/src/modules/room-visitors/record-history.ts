import type { RoomHistoryBody } from '@charter/domain';
import { roomHistoryBody } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomHistory, roomVisitors } from '../../db/schema/index.ts';
import type { RoomRow } from './find-room.ts';
import type { RoomViewer } from './policies.ts';
import { findRoomFile } from './room-file.ts';

/**
 * POST /api/{guest|user}/rooms/{…}/history: what a visitor did (a page viewed and for how long, a download,
 * a form opened). A named file must be in the room. Admins previewing their own room leave no history.
 */
export async function recordHistory({
  tx,
  room,
  viewer,
  entry,
}: {
  tx: Tx;
  room: RoomRow;
  viewer: RoomViewer;
  entry: RoomHistoryBody;
}): Promise<void> {
  const input = roomHistoryBody.parse(entry);
  if (input.file_id) await findRoomFile(tx, room, input.file_id);
  if (viewer.kind !== 'visitor') return;
  await tx.insert(roomHistory).values({
    roomId: room.id,
    visitorId: viewer.visitor.id,
    action: input.action,
    label: input.label,
    sublabel: input.sublabel,
    fileId: input.file_id ?? null,
    page: input.page ?? null,
    seconds: input.seconds ?? null,
  });
  if (input.action !== 'form') {
    await tx
      .update(roomVisitors)
      .set({ docInteractions: sql`${roomVisitors.docInteractions} + 1` })
      .where(eq(roomVisitors.id, viewer.visitor.id));
  }
}
