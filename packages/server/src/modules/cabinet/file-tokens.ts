import { and, eq, gt, lt } from 'drizzle-orm';
import { randomToken, sha256 } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documents, files, fileTokens } from '../../db/schema/index.ts';
import type { MemberActor, UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { findReadableFile, userDocumentsScope } from '../workflows/documents.ts';

/** How long a viewer link works. */
export const FILE_TOKEN_TTL_MS = 5 * 60_000;

async function issue(tx: Tx, accountId: number, fileId: number) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + FILE_TOKEN_TTL_MS);
  // Expired links are cleared as new ones are made.
  await tx.delete(fileTokens).where(lt(fileTokens.expiresAt, new Date()));
  await tx.insert(fileTokens).values({ tokenHash: sha256(token), fileId, accountId, expiresAt });
  return { token, url: `/api/public/file/${token}`, expires_at: expiresAt.toISOString() };
}

/** POST /api/account/storage/token: a short-lived link to a workspace file the member may open. */
export async function fileToken({ tx, actor, fileId }: { tx: Tx; actor: MemberActor; fileId: number }) {
  await findReadableFile(tx, actor, fileId);
  return issue(tx, actor.accountId, fileId);
}

/** GET /api/user/document/{id}/token: the same for a document of any of the user's workspaces. */
export async function documentToken(input: { tx: Tx; actor: UserActor; documentId: number }) {
  const { tx, actor, documentId } = input;
  const [row] = await tx
    .select({ fileId: documents.fileId, accountId: documents.accountId })
    .from(documents)
    .where(and(eq(documents.id, documentId), userDocumentsScope(actor.userId)));
  if (!row?.fileId) throw notFound('Document not found');
  return issue(tx, row.accountId, row.fileId);
}

/** GET /api/public/file/{token}: the file, while its link lasts. */
export async function fileByToken(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ file: files })
    .from(fileTokens)
    .innerJoin(files, eq(files.id, fileTokens.fileId))
    .where(and(eq(fileTokens.tokenHash, sha256(token)), gt(fileTokens.expiresAt, new Date())));
  if (!row) throw notFound('This link has expired.');
  return row.file;
}
