import type { GuestRoomView } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomHistory, roomVisitors } from '../../db/schema/index.ts';
import { announceRoomVisit } from '../room-settings/announce-room-visit.ts';
import { loadRoomContents, loadRoomView, type RoomParts } from '../rooms/overview.ts';
import type { RoomRow } from './find-room.ts';
import { ndaGate } from './nda-gate.ts';
import type { RoomViewer } from './policies.ts';
import { presentGuestRoom, viewerEmails } from './presenters.ts';

/**
 * GET /api/guest/rooms/{code}: the room for a viewer already let in. A page load (`visit`) counts a visit
 * once: the visitor's last visit becomes the previous one, against which documents and links are marked new.
 * Polls pass no `visit` and change nothing.
 */
export async function openRoom({
  tx,
  room,
  parts: known,
  viewer,
  visit,
}: {
  tx: Tx;
  room: RoomRow;
  /** The room's parts when they came with the room (find-room.ts findRoomAndPartsByCode). */
  parts?: RoomParts;
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
  // The documents are read once, for this view and for the overview (a room may hold hundreds), and only
  // when they changed (room-contents.ts); links, tables and reports come in one statement, links marked
  // new from there.
  const contents = await loadRoomContents(tx, room.id, known);
  const overview = await loadRoomView({
    tx,
    room,
    viewer: emails === 'any' ? { kind: 'admin' } : { kind: 'visitor', emails },
    contents,
  });
  const { documentRows: documents, parts } = contents;
  return presentGuestRoom({ room, viewer, previousVisitAt, documents, links: parts.links, overview, nda });
}
