import { VISITOR_MESSAGES } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomVisitors, users } from '../../db/schema/index.ts';
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
      // A signed-in account's unconfirmed address is withheld, as resolve-viewer.ts withholds it.
      email: sql<string | null>`case when ${users.id} is not null and ${users.emailVerifiedAt} is null
        then null else ${roomVisitors.email} end`,
      name: roomVisitors.name,
      userId: roomVisitors.userId,
      previousVisitAt: roomVisitors.previousVisitAt,
      disconnectedAt: roomVisitors.disconnectedAt,
    })
    .from(roomVisitors)
    .leftJoin(users, eq(users.id, roomVisitors.userId))
    .where(eq(roomVisitors.id, visitorId));
  if (!visitor || visitor.disconnectedAt) throw forbidden(VISITOR_MESSAGES.disconnected);
  return { kind: 'visitor', visitor, userId: visitor.userId, linkHolder: false, via: 'session' };
}
