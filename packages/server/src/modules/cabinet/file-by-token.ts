import { and, eq, gt } from 'drizzle-orm';
import { sha256 } from '../../adapters/secrets.ts';
import type { Tx } from '../../db/client.ts';
import { files, fileTokens } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

/** GET /api/public/file/{token}: the file, while its link lasts. */
export async function fileByToken({ tx, token }: { tx: Tx; token: string }) {
  const [row] = await tx
    .select({ file: files })
    .from(fileTokens)
    .innerJoin(files, eq(files.id, fileTokens.fileId))
    .where(and(eq(fileTokens.tokenHash, sha256(token)), gt(fileTokens.expiresAt, new Date())));
  if (!row) throw notFound('This link has expired.');
  return row.file;
}
