import { VISITOR_MESSAGES } from '@charter/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomSessions, roomVisitors, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { RoomRow } from './find-room.ts';
import { authorizeViewer, type RoomViewer } from './policies.ts';
import { holdsLink, isRoomAdmin } from './resolve-viewer.ts';
import { findFileToken } from './room-file.ts';

const EXPIRED = 'This link has expired.';

/**
 * The viewer a file token was issued to (tokens carry no headers: a new tab, the PDF viewer), with their
 * access checked as it stands now, not as it stood when the token was issued: an admin who is one no
 * longer, a room session that ended (a revoked personal link ends its sessions and their tokens), a
 * disconnected visitor, a personal link revoked since, a room made Private since: each is refused.
 */
export async function viewerOfFileToken(
  tx: Tx,
  room: RoomRow,
  fileId: number,
  token: string,
): Promise<RoomViewer> {
  const issued = await findFileToken(tx, room, fileId, token);
  if (issued.via === 'admin') {
    if (issued.userId === null || !(await isRoomAdmin(tx, room, issued.userId))) throw notFound(EXPIRED);
    return { kind: 'admin', userId: issued.userId, email: '', name: '' };
  }
  if (issued.visitorId === null) throw notFound(EXPIRED);
  if (issued.via === 'session') {
    const [live] = await tx
      .select({ hash: roomSessions.tokenHash })
      .from(roomSessions)
      .where(
        and(
          eq(roomSessions.tokenHash, issued.sessionHash ?? ''),
          eq(roomSessions.visitorId, issued.visitorId),
          gt(roomSessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (!live) throw notFound(EXPIRED);
  }
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
    .where(eq(roomVisitors.id, issued.visitorId));
  if (!visitor || visitor.disconnectedAt) throw forbidden(VISITOR_MESSAGES.disconnected);
  const linkHolder = await holdsLink(tx, room.id, visitor.email);
  return authorizeViewer(room, {
    kind: 'visitor',
    visitor,
    userId: visitor.userId,
    linkHolder,
    via: issued.via,
  });
}
