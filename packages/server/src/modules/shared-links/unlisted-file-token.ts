import type { FileLink } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { issueFileLink } from '../cabinet/issue-file-link.ts';
import { isUnderRoot, resolveUnlistedScope } from './unlisted-scope.ts';

/**
 * GET /api/unlisted/storage/token?access_code=&file_id=: a short-lived link (/api/public/file/{token}) to
 * one file of the code's workspace that lies at or under its root; any other file is simply not found.
 */
export async function unlistedFileToken(input: {
  tx: Tx;
  accessCode: string;
  fileId: number;
}): Promise<FileLink> {
  const { tx, accessCode, fileId } = input;
  const scope = await resolveUnlistedScope(tx, accessCode);
  const [file] = await tx
    .select({ id: files.id, folder: files.folder })
    .from(files)
    .where(
      and(eq(files.id, fileId), eq(files.accountId, scope.accountId), scope.fileScope?.(tx, scope.accountId)),
    );
  if (!file || !isUnderRoot(scope, file.folder)) throw notFound('File not found');
  return issueFileLink(tx, scope.accountId, file.id);
}
