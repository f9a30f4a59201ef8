import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentEvents, type files, roomHistory, roomVisitors } from '../../db/schema/index.ts';
import { NDA_CREATED, NDA_SOURCE, type NdaBinding, type NdaDocument } from './scope.ts';

export const NDA_HISTORY_SUBLABEL = 'Signed and sealed';

/**
 * Called by the seal job in the transaction that completes a document: when the document is a room's
 * NDA (its first history entry says so), the visitor's row names it as their signed NDA and the room's
 * history records it with the sealed file (already in the cabinet's NDA folder, beside its original).
 * Any other document is left alone.
 */
export async function recordSignedNda(
  tx: Tx,
  document: NdaDocument,
  sealed: typeof files.$inferSelect,
): Promise<void> {
  const [first] = await tx
    .select({ kind: documentEvents.kind, details: documentEvents.details })
    .from(documentEvents)
    .where(and(eq(documentEvents.documentId, document.id), eq(documentEvents.seq, 1)));
  const binding = first?.details as Partial<NdaBinding> | undefined;
  if (first?.kind !== NDA_CREATED || binding?.source !== NDA_SOURCE) return;
  const roomId = Number(binding.room_id);
  const visitorId = Number(binding.visitor_id);
  const [visitor] = await tx
    .update(roomVisitors)
    .set({ ndaDocumentId: document.id })
    .where(and(eq(roomVisitors.id, visitorId), eq(roomVisitors.roomId, roomId)))
    .returning({ id: roomVisitors.id });
  // The visitor (or the room) was removed meanwhile: the sealed NDA stays in the cabinet all the same.
  if (!visitor) return;
  await tx.insert(roomHistory).values({
    roomId,
    visitorId,
    action: 'nda',
    label: document.label,
    sublabel: NDA_HISTORY_SUBLABEL,
    fileId: sealed.id,
  });
}
