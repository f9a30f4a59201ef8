import type { GuestHistoryEntryView } from '@charter/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomHistory } from '../../db/schema/index.ts';
import type { RoomRow } from './find-room.ts';
import type { RoomViewer } from './policies.ts';
import { presentHistoryEntry } from './presenters.ts';

const HISTORY_SHOWN = 500;

/** GET /api/guest/rooms/{code}/history: the viewer's own history in the room, latest first. */
export async function listOwnHistory({
  tx,
  room,
  viewer,
}: {
  tx: Tx;
  room: RoomRow;
  viewer: RoomViewer;
}): Promise<{ history: GuestHistoryEntryView[] }> {
  if (viewer.kind !== 'visitor') return { history: [] };
  const rows = await tx
    .select()
    .from(roomHistory)
    .where(and(eq(roomHistory.roomId, room.id), eq(roomHistory.visitorId, viewer.visitor.id)))
    .orderBy(desc(roomHistory.createdAt), desc(roomHistory.id))
    .limit(HISTORY_SHOWN);
  return { history: rows.map(presentHistoryEntry) };
}
