import type { FileLink } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { userDocumentsScope } from '../workflows/documents.ts';
import { issueFileLink } from './issue-file-link.ts';

/** GET /api/user/document/{id}/token: a short-lived link to a document of any of the user's workspaces. */
export async function documentToken(input: {
  tx: Tx;
  actor: UserActor;
  documentId: number;
}): Promise<FileLink> {
  const { tx, actor, documentId } = input;
  const [row] = await tx
    .select({ fileId: documents.fileId, accountId: documents.accountId })
    .from(documents)
    .where(and(eq(documents.id, documentId), await userDocumentsScope(tx, actor)));
  if (!row?.fileId) throw notFound('Document not found');
  return issueFileLink(tx, row.accountId, row.fileId);
}
