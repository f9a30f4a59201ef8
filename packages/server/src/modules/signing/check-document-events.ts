import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentEvents } from '../../db/schema/index.ts';
import { type ChainCheck, checkChain } from './event-chain.ts';

/** Whether a document's signing history is as it was written (see event-chain.ts). */
export async function checkDocumentEvents({
  tx,
  documentId,
}: {
  tx: Tx;
  documentId: number;
}): Promise<ChainCheck> {
  const rows = await tx
    .select()
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(asc(documentEvents.seq));
  return checkChain(documentId, rows);
}
