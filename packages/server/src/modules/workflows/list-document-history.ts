import type { DocumentPageQuery, DocumentView } from '@charter/domain';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { LISTED_DOCUMENTS } from './documents.ts';
import { visibleDocuments } from './policies.ts';
import { presentDocument } from './presenters.ts';

/** GET /api/account/document_history: newest first, a page at a time (before = the last id seen). */
export async function listDocumentHistory(input: {
  tx: Tx;
  actor: MemberActor;
  page: DocumentPageQuery;
}): Promise<DocumentView[]> {
  const { tx, actor, page } = input;
  const rows = await tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.accountId, actor.accountId),
        LISTED_DOCUMENTS,
        visibleDocuments(actor),
        page.before === undefined ? undefined : lt(documents.id, page.before),
      ),
    )
    .orderBy(desc(documents.id))
    .limit(page.limit);
  return rows.map(presentDocument);
}
