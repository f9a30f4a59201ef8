import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type DocumentEventActor, documentEvents, documents } from '../../db/schema/index.ts';
import { chainStart, entryHash } from './event-chain.ts';

/**
 * Appends an entry to a document's signing history, linked to the one before. The document's row is
 * locked for the rest of the transaction, so two entries written at once cannot both follow the same one.
 */
export async function recordDocumentEvent({
  tx,
  documentId,
  kind,
  actor,
  ip = null,
  userAgent = null,
  details = {},
}: {
  tx: Tx;
  documentId: number;
  kind: string;
  actor: DocumentEventActor;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}) {
  const [document] = await tx
    .select({ accountId: documents.accountId })
    .from(documents)
    .where(eq(documents.id, documentId))
    .for('update');
  if (!document) throw new Error(`no document ${documentId}`);
  const [last] = await tx
    .select({ seq: documentEvents.seq, hash: documentEvents.hash })
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(desc(documentEvents.seq))
    .limit(1);
  // Hashed as it is stored: what JSON makes of it (a Date in details becomes its ISO text).
  const asStored = <T>(value: T): T => JSON.parse(JSON.stringify(value));
  const fields = {
    documentId,
    seq: (last?.seq ?? 0) + 1,
    kind,
    actor: asStored(actor),
    ip,
    userAgent: userAgent?.slice(0, 300) ?? null,
    details: asStored(details),
    at: new Date(),
    prevHash: last?.hash ?? chainStart(documentId),
  };
  const [row] = await tx
    .insert(documentEvents)
    .values({ ...fields, accountId: document.accountId, hash: entryHash(fields) })
    .returning();
  return row;
}
