import type { DocumentView } from '@charter/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { LISTED_DOCUMENTS } from './documents.ts';
import { presentDocument } from './presenters.ts';
import { findTransaction } from './scope.ts';

/** GET /api/account/transaction/{id}/documents */
export async function listTransactionDocuments(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<DocumentView[]> {
  const { tx, actor, id } = input;
  await findTransaction(tx, actor, id);
  const rows = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.accountId, actor.accountId), eq(documents.transactionId, id), LISTED_DOCUMENTS))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(presentDocument);
}
