import type { DocumentPageQuery, UserDocumentView } from '@charter/domain';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, documents } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { userDocumentsScope } from './documents.ts';
import { presentUserDocument } from './presenters.ts';

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
        await userDocumentsScope(tx, actor),
        page.before === undefined ? undefined : lt(documents.id, page.before),
      ),
    )
    .orderBy(desc(documents.id))
    .limit(page.limit);
  return rows.map((row) => presentUserDocument(row.document, row.accountName));
}
