import { DOCUMENT_STATUS } from '@charter/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, files, roomContents, roomDocuments } from '../../db/schema/index.ts';

/** A document's current file: a cabinet file's own, else the workflow document's file or its original. */
const openedFile = sql<
  number | null
>`coalesce(${roomDocuments.fileId}, ${documents.fileId}, ${documents.originalFileId})`;

/**
 * Spec 3 §4 "Documents needing signature": the Signer recipients who have not signed a document that is
 * out for signature (Charter's signing flow says 'sent'; a document signed elsewhere has no signing state
 * and says so by its status), lower-cased. Empty for any other document.
 */
const unsignedSigners = sql<string[]>`case
  when ${documents.signingState} = 'sent'
    or (${documents.signingState} is null and ${documents.status} = ${DOCUMENT_STATUS.SENT})
  then coalesce((select array_agg(lower(trim(r.email)) order by r.id) from document_recipients r
    where r.document_id = ${documents.id} and not r.signed and r.role = 'Signer'), '{}')
  else '{}'::text[] end`;

/**
 * A room's documents with all that any screen shows of them (the overview, the guest room, a download's
 * check), in their order, in one query: the file each opens and the emails still to sign it; and on each
 * row, the room's contents version as this same statement saw it (room_contents).
 */
function roomDocumentsQuery(tx: Tx, roomId: number, where?: SQL) {
  return tx
    .select({
      id: roomDocuments.id,
      position: roomDocuments.position,
      label: roomDocuments.label,
      fileId: openedFile.as('file_id'),
      documentId: roomDocuments.documentId,
      /** The workflow document's status as the overview shows it (its signing state first). */
      status: sql<string | null>`coalesce(${documents.signingState}, ${documents.status})`.as('status'),
      /** The workflow document's name, else the cabinet file's, else the label. */
      filename: sql<string>`coalesce(${documents.filename}, ${files.filename}, ${roomDocuments.label})`.as(
        'filename',
      ),
      unsigned: unsignedSigners.as('unsigned'),
      createdAt: roomDocuments.createdAt,
      updatedAt: roomDocuments.updatedAt,
      contentsVersion: sql<
        string | null
      >`(select c.version from ${roomContents} c where c.room_id = ${roomId})`.as('contents_version'),
    })
    .from(roomDocuments)
    .leftJoin(documents, eq(documents.id, roomDocuments.documentId))
    .leftJoin(files, eq(files.id, roomDocuments.fileId))
    .where(and(eq(roomDocuments.roomId, roomId), where))
    .orderBy(asc(roomDocuments.position), asc(roomDocuments.id));
}
export type RoomDocumentRow = Awaited<ReturnType<typeof roomDocumentsQuery>>[number];

/** Rooms whose documents were read lately: their rows and the contents version they were read at. */
const ROOMS_CACHED = 200;
const cached = new Map<number, { version: string; rows: RoomDocumentRow[] }>();

/**
 * A room's documents (roomDocumentsQuery), read once per change of them. `version` is the room's contents
 * version as read before this call (loadRoomParts reads it in its statement): database triggers give it a
 * new random value whenever a row the query returns may change (a signature, a rename, a swap, a removal,
 * a file replaced, from any process), so while it is the one kept, the rows kept with it are the answer.
 * What is kept is kept under the version the rows' own statement saw, never under the one passed in: rows
 * read inside a transaction that changed them carry its own version, which no one else ever sees. A room
 * without documents is not kept (its query costs next to nothing). Nothing of a viewer is in the rows:
 * whose signature each awaits is matched per request (needsSignature).
 */
export async function loadRoomDocuments(
  tx: Tx,
  roomId: number,
  version: string | null,
): Promise<RoomDocumentRow[]> {
  const hit = cached.get(roomId);
  if (hit && version !== null && hit.version === version) {
    // The most recently read go last: the room read longest ago is the one let go.
    cached.delete(roomId);
    cached.set(roomId, hit);
    return hit.rows;
  }
  const rows = await roomDocumentsQuery(tx, roomId);
  cached.delete(roomId);
  const readAt = rows[0]?.contentsVersion;
  if (!readAt) return rows;
  if (cached.size >= ROOMS_CACHED) cached.delete(cached.keys().next().value as number);
  cached.set(roomId, { version: readAt, rows });
  return rows;
}

/** The room's documents that open this file (a download's check reads only those). */
export function loadRoomDocumentsOfFile(tx: Tx, roomId: number, fileId: number) {
  return roomDocumentsQuery(tx, roomId, sql`${openedFile} = ${fileId}`);
}

/** Whether a document awaits the signature of one of these emails ('any': of anyone, as admins see it). */
export function needsSignature(row: RoomDocumentRow, emails: readonly string[] | 'any'): boolean {
  if (row.unsigned.length === 0) return false;
  if (emails === 'any') return true;
  return row.unsigned.some((email) => emails.includes(email));
}
