import { VISITOR_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomVisitors } from '../../db/schema/index.ts';
import { forbidden } from '../../http/errors.ts';
import type { RoomRow } from './find-room.ts';
import type { RoomViewer } from './policies.ts';
import { findFileToken } from './room-file.ts';

/**
 * The viewer a file token was issued to (tokens carry no headers: a new tab, the PDF viewer). A token made
 * for an admin names no visitor; a visitor disconnected since is refused.
 */
export async function viewerOfFileToken(
  tx: Tx,
  room: RoomRow,
  fileId: number,
  token: string,
): Promise<RoomViewer> {
  const { visitorId } = await findFileToken(tx, room, fileId, token);
  if (visitorId === null) return { kind: 'admin', userId: 0, email: '', name: '' };
  const [visitor] = await tx
    .select({
      id: roomVisitors.id,
      email: roomVisitors.email,
      name: roomVisitors.name,
      userId: roomVisitors.userId,
      previousVisitAt: roomVisitors.previousVisitAt,
      disconnectedAt: roomVisitors.disconnectedAt,
    })
    .from(roomVisitors)
    .where(eq(roomVisitors.id, visitorId));
  if (!visitor || visitor.disconnectedAt) throw forbidden(VISITOR_MESSAGES.disconnected);
  return { kind: 'visitor', visitor, userId: visitor.userId, linkHolder: false, via: 'session' };
}
