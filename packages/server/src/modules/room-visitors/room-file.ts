import { VISITOR_MESSAGES } from '@charter/domain';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { randomToken, sha256 } from '../../adapters/secrets.ts';
import type { Tx } from '../../db/client.ts';
import { documents, files, roomDocuments, roomFileTokens, rooms } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { RoomRow } from './find-room.ts';
import { assertNdaAllows } from './nda-gate.ts';
import { mayDownload, type RoomViewer } from './policies.ts';
import { viewerEmails } from './presenters.ts';
import { loadRoomDocumentsOfFile, needsSignature } from './room-contents.ts';

/** How long a guest's file link works. */
export const ROOM_FILE_TOKEN_TTL_MS = 5 * 60_000;

type FileRow = typeof files.$inferSelect;

/**
 * A file of this room: a room document's cabinet file or its workflow document's file, or the room's NDA.
 * Any other file id, even the workspace's own, is 404.
 */
export async function findRoomFile(tx: Tx, room: RoomRow, fileId: number): Promise<FileRow> {
  const inRoom = sql`exists (select 1 from ${roomDocuments}
    left join ${documents} on ${documents.id} = ${roomDocuments.documentId}
    where ${roomDocuments.roomId} = ${room.id}
      and ${fileId} in (${roomDocuments.fileId}, ${documents.fileId}, ${documents.originalFileId}))`;
  const isNda = sql`exists (select 1 from ${rooms} where ${rooms.id} = ${room.id} and ${rooms.ndaFileId} = ${fileId})`;
  const [file] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.accountId, room.accountId), or(inRoom, isNda)))
    .limit(1);
  if (!file) throw notFound(VISITOR_MESSAGES.fileNotInRoom);
  return file;
}

/** A file of the room this viewer may open now: in the room, and past the room's NDA gate. */
export async function findViewableFile(tx: Tx, room: RoomRow, viewer: RoomViewer, fileId: number) {
  const file = await findRoomFile(tx, room, fileId);
  await assertNdaAllows(tx, room, viewer, fileId);
  return file;
}

/** Whether this viewer may take the file away (not only preview it): read-only rooms say no, but to signers. */
export async function mayDownloadFile(tx: Tx, room: RoomRow, viewer: RoomViewer, fileId: number) {
  if (!room.readOnly || viewer.kind === 'admin') return true;
  const emails = viewerEmails(viewer);
  const rows = await loadRoomDocumentsOfFile(tx, room.id, fileId);
  const signs = rows.some((row) => needsSignature(row, emails));
  return mayDownload(room, viewer, signs);
}

export async function assertMayDownload(tx: Tx, room: RoomRow, viewer: RoomViewer, fileId: number) {
  if (!(await mayDownloadFile(tx, room, viewer, fileId)))
    throw new AppError('FORBIDDEN', VISITOR_MESSAGES.readOnly);
}

/**
 * GET /api/guest/rooms/{code}/file/{fileId}/token: a short-lived link to one file of one room, for the
 * viewer's browser to open (a new tab, the PDF viewer) without sending its headers.
 */
export async function issueRoomFileToken({
  tx,
  room,
  viewer,
  fileId,
  code,
  session,
}: {
  tx: Tx;
  room: RoomRow;
  viewer: RoomViewer;
  fileId: number;
  code: string;
  /** The room session the request carried: a token of a viewer who came by it ends with it. */
  session: string | null;
}) {
  await findViewableFile(tx, room, viewer, fileId);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ROOM_FILE_TOKEN_TTL_MS);
  const visitor = viewer.kind === 'visitor' ? viewer : null;
  await tx.delete(roomFileTokens).where(lt(roomFileTokens.expiresAt, new Date()));
  await tx.insert(roomFileTokens).values({
    tokenHash: sha256(token),
    roomId: room.id,
    fileId,
    visitorId: visitor?.visitor.id ?? null,
    via: visitor?.via ?? 'admin',
    sessionHash: visitor?.via === 'session' && session ? sha256(session) : null,
    userId: viewer.kind === 'admin' ? viewer.userId : null,
    expiresAt,
  });
  const url = `/api/guest/rooms/${code}/file/${fileId}?token=${token}`;
  return { token, url, expires_at: expiresAt.toISOString() };
}
