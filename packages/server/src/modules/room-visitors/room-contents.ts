import { DOCUMENT_STATUS } from '@charter/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, files, roomDocuments, roomLinks } from '../../db/schema/index.ts';

/**
 * A room's documents with the file each opens (a cabinet file, or a workflow document's current file)
 * and the emails still to sign it, in one query. The rows also carry the overview's columns
 * (rooms/overview.ts OverviewDocumentRow), so the guest room reads its documents once.
 */
export async function loadRoomDocuments(tx: Tx, roomId: number) {
  return tx
    .select({
      id: roomDocuments.id,
      label: roomDocuments.label,
      fileId: sql<
        number | null
      >`coalesce(${roomDocuments.fileId}, ${documents.fileId}, ${documents.originalFileId})`,
      filename: sql<string>`coalesce(${files.filename}, ${documents.filename}, '')`,
      status: documents.status,
      unsigned: sql<string[]>`coalesce((select array_agg(lower(r.email)) from document_recipients r
        where r.document_id = ${documents.id} and not r.signed), '{}')`,
      createdAt: roomDocuments.createdAt,
      updatedAt: roomDocuments.updatedAt,
      documentId: roomDocuments.documentId,
      roomFileId: roomDocuments.fileId,
      docFilename: documents.filename,
      docFileId: documents.fileId,
      signingState: documents.signingState,
      /** The overview's name of a cabinet file (the joined file is the room's own only when it has one). */
      fileFilename: sql<
        string | null
      >`case when ${roomDocuments.fileId} is not null then ${files.filename} end`,
    })
    .from(roomDocuments)
    .leftJoin(documents, eq(documents.id, roomDocuments.documentId))
    .leftJoin(
      files,
      eq(files.id, sql`coalesce(${roomDocuments.fileId}, ${documents.fileId}, ${documents.originalFileId})`),
    )
    .where(eq(roomDocuments.roomId, roomId))
    .orderBy(asc(roomDocuments.position), asc(roomDocuments.id));
}
export type RoomDocumentRow = Awaited<ReturnType<typeof loadRoomDocuments>>[number];

export async function loadRoomLinks(tx: Tx, roomId: number) {
  return tx
    .select()
    .from(roomLinks)
    .where(eq(roomLinks.roomId, roomId))
    .orderBy(asc(roomLinks.position), asc(roomLinks.id));
}

/** Spec 3 §4: a document still needs signing (not completed, recipients left) by one of these emails. */
export function needsSignature(row: RoomDocumentRow, emails: string[] | 'any'): boolean {
  if (row.status === DOCUMENT_STATUS.COMPLETED || row.unsigned.length === 0) return false;
  if (emails === 'any') return true;
  return row.unsigned.some((email) => emails.includes(email));
}
