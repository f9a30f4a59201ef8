import type { GuestRoomView } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomHistory, roomVisitors } from '../../db/schema/index.ts';
import { announceRoomVisit } from '../room-settings/announce-room-visit.ts';
import { loadRoomView } from '../rooms/overview.ts';
import type { RoomRow } from './find-room.ts';
import { ndaGate } from './nda-gate.ts';
import type { RoomViewer } from './policies.ts';
import { presentGuestRoom, viewerEmails } from './presenters.ts';
import { loadRoomDocuments, loadRoomLinks } from './room-contents.ts';

/**
 * GET /api/guest/rooms/{code}: the room for a viewer already let in. A page load (`visit`) counts a visit
 * once: the visitor's last visit becomes the previous one, against which documents and links are marked new.
 * Polls pass no `visit` and change nothing.
 */
export async function openRoom({
  tx,
  room,
  viewer,
  visit,
}: {
  tx: Tx;
  room: RoomRow;
  viewer: RoomViewer;
  visit: boolean;
}): Promise<GuestRoomView> {
  let previousVisitAt = viewer.kind === 'visitor' ? viewer.visitor.previousVisitAt : null;
  if (visit && viewer.kind === 'visitor') {
    const [counted] = await tx
      .update(roomVisitors)
      .set({
        timesVisited: sql`${roomVisitors.timesVisited} + 1`,
        previousVisitAt: sql`${roomVisitors.lastVisitedAt}`,
        lastVisitedAt: new Date(),
      })
      .where(eq(roomVisitors.id, viewer.visitor.id))
      .returning({ previousVisitAt: roomVisitors.previousVisitAt });
    previousVisitAt = counted?.previousVisitAt ?? null;
    await tx.insert(roomHistory).values({ roomId: room.id, visitorId: viewer.visitor.id, action: 'visit' });
    await announceRoomVisit({ tx, room, visitor: viewer.visitor });
  }
  const nda = await ndaGate(tx, room, viewer);
  const emails = viewerEmails(viewer);
  // The documents are read once, for this view and for the overview (a room may hold hundreds), and
  // while they do not change, only their fingerprint is (room-contents.ts).
  const documents = await loadRoomDocuments(tx, room.id);
  const [links, overview] = await Promise.all([
    loadRoomLinks(tx, room.id),
    loadRoomView({
      tx,
      room,
      viewer: emails === 'any' ? { kind: 'admin' } : { kind: 'visitor', emails },
      documentRows: documents,
    }),
  ]);
  return presentGuestRoom({ room, viewer, previousVisitAt, documents, links, overview, nda });
}
