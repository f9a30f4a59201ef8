import { DOCUMENT_STATUS, type DocumentPageQuery, type UserDocumentView } from '@charter/domain';
import { and, desc, eq, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, documents } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { userDocumentsScope } from './documents.ts';
import { presentUserDocument } from './presenters.ts';

const HIDDEN_FROM_USER_LISTS = [DOCUMENT_STATUS.DECLINED, DOCUMENT_STATUS.DELETED];

/** GET /api/user/document: the signed-in user's documents across their workspaces. */
export async function listUserDocuments(input: {
  tx: Tx;
  actor: UserActor;
  page: DocumentPageQuery;
}): Promise<UserDocumentView[]> {
  const { tx, actor, page } = input;
  const rows = await tx
    .select({ document: documents, accountName: accounts.companyName })
    .from(documents)
    .innerJoin(accounts, eq(accounts.id, documents.accountId))
    .where(
      and(
        userDocumentsScope(actor.userId),
        // Spec 2 §4: deleted and declined documents are hidden from user lists.
        or(isNull(documents.status), notInArray(documents.status, HIDDEN_FROM_USER_LISTS)),
        page.before === undefined ? undefined : lt(documents.id, page.before),
      ),
    )
    .orderBy(desc(documents.id))
    .limit(page.limit);
  return rows.map((row) => presentUserDocument(row.document, row.accountName));
}
