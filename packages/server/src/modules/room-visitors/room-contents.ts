import { DOCUMENT_STATUS } from '@charter/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { INSTANCE_ID, writeEpoch } from '../../db/pglite-statements.ts';
import { documents, files, roomDocuments } from '../../db/schema/index.ts';

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
 * check), in their order, in one query: the file each opens and the emails still to sign it.
 */
function roomDocumentsQuery(tx: Tx, where: SQL | undefined) {
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
    })
    .from(roomDocuments)
    .leftJoin(documents, eq(documents.id, roomDocuments.documentId))
    .leftJoin(files, eq(files.id, roomDocuments.fileId))
    .where(where)
    .orderBy(asc(roomDocuments.position), asc(roomDocuments.id));
}
export type RoomDocumentRow = Awaited<ReturnType<typeof roomDocumentsQuery>>[number];

/** Rooms whose documents were read lately: their rows, the rows' fingerprint, the write epoch it held at. */
const ROOMS_CACHED = 200;
const cached = new Map<string, { fingerprint: string; rows: RoomDocumentRow[]; epoch: number }>();

/** The embedded database instance of this transaction (its every write moves writeEpoch()), else null. */
function embeddedInstance(tx: Tx): number | null {
  const session = (tx as unknown as { session?: { client?: Record<symbol, unknown> } }).session;
  const id = session?.client?.[INSTANCE_ID];
  return typeof id === 'number' ? id : null;
}

/**
 * A room's documents (roomDocumentsQuery), read once per change of them. The database computes a
 * fingerprint of exactly the rows the query would return (their every column, in order, so a signature,
 * a rename, a swap, a removal, a file replaced, each from any process, changes it); while it is the one
 * kept, the rows kept with it are the answer and only that one row crossed the wire. On the embedded
 * database, which one process owns, not even that is asked while no write has happened since it was
 * (db/pglite-statements.ts writeEpoch). Nothing of a viewer is in the rows: whose signature each
 * awaits is matched per request (needsSignature).
 */
export async function loadRoomDocuments(tx: Tx, roomId: number): Promise<RoomDocumentRow[]> {
  // Read before any query: a write after this moment moves the epoch past it.
  const epoch = writeEpoch();
  const instance = embeddedInstance(tx);
  // On PostgreSQL the fingerprint alone decides: equal fingerprints are equal rows, whichever server.
  const key = `${instance ?? 'pg'}:${roomId}`;
  const hit = cached.get(key);
  if (hit && instance !== null && hit.epoch === epoch) return hit.rows;
  const query = roomDocumentsQuery(tx, eq(roomDocuments.roomId, roomId)).as('q');
  const [{ fingerprint }] = await tx
    .select({
      fingerprint: sql<string>`md5(coalesce(string_agg(q::text, ',' order by ${query.position}, ${query.id}), ''))`,
    })
    .from(query);
  if (hit?.fingerprint === fingerprint) {
    hit.epoch = epoch;
    return hit.rows;
  }
  const rows = await roomDocumentsQuery(tx, eq(roomDocuments.roomId, roomId));
  cached.delete(key);
  if (cached.size >= ROOMS_CACHED) cached.delete(cached.keys().next().value as string);
  cached.set(key, { fingerprint, rows, epoch });
  return rows;
}

/** The room's documents that open this file (a download's check reads only those). */
export function loadRoomDocumentsOfFile(tx: Tx, roomId: number, fileId: number) {
  return roomDocumentsQuery(tx, and(eq(roomDocuments.roomId, roomId), sql`${openedFile} = ${fileId}`));
}

/** Whether a document awaits the signature of one of these emails ('any': of anyone, as admins see it). */
export function needsSignature(row: RoomDocumentRow, emails: readonly string[] | 'any'): boolean {
  if (row.unsigned.length === 0) return false;
  if (emails === 'any') return true;
  return row.unsigned.some((email) => emails.includes(email));
}
