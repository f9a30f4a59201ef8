import { VISITOR_MESSAGES } from '@charter/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import { hashEquals, sha256 } from '../../adapters/secrets.ts';
import type { Tx } from '../../db/client.ts';
import { roomFileTokens, roomSessions, roomVisitors, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { RoomRow } from './find-room.ts';
import type { RoomViewer } from './policies.ts';
import { authorizeVisitor, isRoomAdmin, visitorColumns } from './resolve-viewer.ts';

const EXPIRED = 'This link has expired.';

/**
 * A file token of this room and file, in one query with what it stands on: whether the room session it
 * was issued under is still live, and its visitor's row.
 */
async function findFileToken(tx: Tx, room: RoomRow, fileId: number, token: string) {
  const now = new Date();
  const [row] = await tx
    .select({
      tokenHash: roomFileTokens.tokenHash,
      via: roomFileTokens.via,
      userId: roomFileTokens.userId,
      visitorId: roomFileTokens.visitorId,
      sessionLive: sql<boolean>`${roomSessions.tokenHash} is not null`,
      visitor: {
        ...visitorColumns,
        // A signed-in account's unconfirmed address is withheld, as resolve-viewer.ts withholds it.
        email: sql<string | null>`case when ${users.id} is not null and ${users.emailVerifiedAt} is null
          then null else ${roomVisitors.email} end`,
      },
    })
    .from(roomFileTokens)
    .leftJoin(
      roomSessions,
      and(
        eq(roomSessions.tokenHash, roomFileTokens.sessionHash),
        eq(roomSessions.visitorId, roomFileTokens.visitorId),
        gt(roomSessions.expiresAt, now),
      ),
    )
    .leftJoin(roomVisitors, eq(roomVisitors.id, roomFileTokens.visitorId))
    .leftJoin(users, eq(users.id, roomVisitors.userId))
    .where(
      and(
        eq(roomFileTokens.tokenHash, sha256(token)),
        eq(roomFileTokens.roomId, room.id),
        eq(roomFileTokens.fileId, fileId),
        gt(roomFileTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || !hashEquals(row.tokenHash, token)) throw notFound(EXPIRED);
  return row;
}

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
  if (issued.via === 'session' && !issued.sessionLive) throw notFound(EXPIRED);
  const { visitor } = issued;
  if (!visitor || visitor.disconnectedAt) throw forbidden(VISITOR_MESSAGES.disconnected);
  return authorizeVisitor(tx, room, visitor, issued.via);
}
