import type { FileLink } from '@charter/domain';
import { lt } from 'drizzle-orm';
import { randomToken, sha256 } from '../../adapters/secrets.ts';
import type { Tx } from '../../db/client.ts';
import { fileTokens } from '../../db/schema/index.ts';

/** How long a viewer link works. */
export const FILE_TOKEN_TTL_MS = 5 * 60_000;

/**
 * A short-lived link to a file (GET /api/public/file/{token}), for callers that have checked the file
 * may be opened; only the token's hash is kept.
 */
export async function issueFileLink(tx: Tx, accountId: number, fileId: number): Promise<FileLink> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + FILE_TOKEN_TTL_MS);
  // Expired links are cleared as new ones are made.
  await tx.delete(fileTokens).where(lt(fileTokens.expiresAt, new Date()));
  await tx.insert(fileTokens).values({ tokenHash: sha256(token), fileId, accountId, expiresAt });
  return { token, url: `/api/public/file/${token}`, expires_at: expiresAt.toISOString() };
}
