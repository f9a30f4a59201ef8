import { type NdaStatus, normalizeEmail } from '@charter/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  documentEvents,
  documentRecipients,
  documents,
  type rooms,
  roomVisitors,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

export type RoomRow = typeof rooms.$inferSelect;
export type VisitorRow = typeof roomVisitors.$inferSelect;
export type NdaDocument = typeof documents.$inferSelect;

/** The first entry of an NDA document's signing history names the room, visitor and NDA file it is for. */
export const NDA_SOURCE = 'room_nda';
export const NDA_CREATED = 'created';
export type NdaBinding = {
  source: typeof NDA_SOURCE;
  room_id: number;
  visitor_id: number;
  nda_file_id: number;
};

/** Signing states of an NDA on its way: the visitor may still sign, or has and it is being sealed. */
export const PENDING_STATES = ['sent', 'sealing', 'seal_failed'] as const;

/** A visitor who is not this room's is refused as if unknown: nothing of another room is usable. */
export async function lockVisitorOf(tx: Tx, room: RoomRow, visitorId: number): Promise<VisitorRow> {
  const [visitor] = await tx
    .select()
    .from(roomVisitors)
    .where(and(eq(roomVisitors.id, visitorId), eq(roomVisitors.roomId, room.id)))
    .for('update');
  if (!visitor) throw notFound();
  return visitor;
}

/** The visitor's row as it is now (the caller's copy may predate a seal), refused unless the room's. */
export async function currentVisitorOf(tx: Tx, room: RoomRow, visitor: Pick<VisitorRow, 'id'>) {
  const [current] = await tx
    .select()
    .from(roomVisitors)
    .where(and(eq(roomVisitors.id, visitor.id), eq(roomVisitors.roomId, room.id)));
  if (!current) throw notFound();
  return current;
}

/** Whether an NDA document's binding (its first history entry) is for this room, visitor and NDA file. */
const bound = (room: RoomRow, visitor: VisitorRow) =>
  and(
    eq(documentEvents.seq, 1),
    eq(documentEvents.kind, NDA_CREATED),
    sql`${documentEvents.details}->>'source' = ${NDA_SOURCE}`,
    sql`${documentEvents.details}->>'room_id' = ${String(room.id)}`,
    sql`${documentEvents.details}->>'visitor_id' = ${String(visitor.id)}`,
    sql`${documentEvents.details}->>'nda_file_id' = ${String(room.ndaFileId)}`,
  );

/** The visitor's sealed NDA for the room's current NDA file (room_visitors.nda_document_id), if any. */
export async function signedNdaOf(tx: Tx, room: RoomRow, visitor: VisitorRow) {
  if (visitor.ndaDocumentId === null || room.ndaFileId === null) return null;
  const [row] = await tx
    .select({ document: documents })
    .from(documents)
    .innerJoin(documentEvents, eq(documentEvents.documentId, documents.id))
    .where(
      and(
        eq(documents.id, visitor.ndaDocumentId),
        eq(documents.accountId, room.accountId),
        eq(documents.signingState, 'completed'),
        bound(room, visitor),
      ),
    );
  return row?.document ?? null;
}

/**
 * The visitor's NDA on its way (sent to them, or signed and being sealed), newest first: looked for
 * among the workspace's documents awaiting signature that the visitor's email receives.
 */
export async function pendingNdaOf(tx: Tx, room: RoomRow, visitor: VisitorRow) {
  if (visitor.email === null || room.ndaFileId === null) return null;
  const [row] = await tx
    .select({ document: documents })
    .from(documents)
    .innerJoin(documentRecipients, eq(documentRecipients.documentId, documents.id))
    .innerJoin(documentEvents, eq(documentEvents.documentId, documents.id))
    .where(
      and(
        eq(documents.accountId, room.accountId),
        inArray(documents.signingState, [...PENDING_STATES]),
        eq(documentRecipients.email, normalizeEmail(visitor.email)),
        bound(room, visitor),
      ),
    )
    .orderBy(desc(documents.id))
    .limit(1);
  return row?.document ?? null;
}

export async function statusOf(tx: Tx, room: RoomRow, visitor: VisitorRow): Promise<NdaStatus> {
  if (room.ndaFileId === null) return 'none';
  if (await signedNdaOf(tx, room, visitor)) return 'signed';
  return (await pendingNdaOf(tx, room, visitor)) ? 'pending' : 'none';
}
