import { type SaveSharedLinkBody, SHARED_LINK_DEFAULT_DAYS, type SharedLinkView } from '@charter/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { accounts, folders, sharedLinks } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authorizeSharing } from '../auth/policies.ts';
import { normalizePath, ROOT } from '../cabinet/paths.ts';
import { codeHash, deriveCode, linkSecret } from '../rooms/link-codes.ts';
import { assertMayManageLinks } from './policies.ts';
import { presentSharedLink } from './presenters.ts';
import { sharedLinkExpiry } from './scope.ts';

export const ROOT_FOLDER_MISSING = 'This folder does not exist in the file cabinet.';

/**
 * POST /api/account/shared_link ('Data Room link created/extended'): the workspace's link for the module
 * is made if there is none, else its expiry moves to `days` from now (never earlier than it was). The
 * code stays the same, so the url already handed out keeps working.
 */
export async function saveSharedLink(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  body: SaveSharedLinkBody;
  baseUrl: string;
}): Promise<SharedLinkView> {
  const { ctx, tx, actor, body, baseUrl } = input;
  assertMayManageLinks(actor);
  authorizeSharing(actor);
  const rootPath = body.root_path === undefined ? undefined : await existingFolder(tx, actor, body.root_path);
  const moduleId = body.module_id ?? null;
  const days = body.days ?? SHARED_LINK_DEFAULT_DAYS;
  // Two clicks at once must not make two links: the workspace row queues them.
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, actor.accountId)).for('update');
  const [existing] = await tx
    .select()
    .from(sharedLinks)
    .where(
      and(
        eq(sharedLinks.accountId, actor.accountId),
        moduleId === null ? isNull(sharedLinks.moduleId) : eq(sharedLinks.moduleId, moduleId),
      ),
    )
    .limit(1);
  const now = new Date();
  const wanted = sharedLinkExpiry(days, now);

  if (existing) {
    // Sharing again never shortens a link: the later of its expiry and the one asked for.
    const expiresAt = new Date(Math.max(existing.expiresAt.getTime(), wanted.getTime()));
    const [row] = await tx
      .update(sharedLinks)
      .set({ expiresAt, rootPath: rootPath ?? existing.rootPath, updatedAt: now })
      .where(eq(sharedLinks.id, existing.id))
      .returning();
    await recordAudit(tx, actor, 'shared_link.extend', {
      sharedLinkId: row.id,
      expiresAt,
      rootPath: row.rootPath,
    });
    return presentSharedLink(ctx, tx, actor, row, baseUrl);
  }

  // The code is derived from the id, known only after the insert: a placeholder hash until then.
  const [inserted] = await tx
    .insert(sharedLinks)
    .values({
      accountId: actor.accountId,
      moduleId,
      rootPath: rootPath ?? ROOT,
      codeHash: `pending:${randomToken()}`,
      expiresAt: wanted,
      createdBy: actor.userId,
    })
    .returning();
  const code = deriveCode(await linkSecret(ctx, tx), 'cabinet', inserted.id, inserted.codeGeneration);
  const [row] = await tx
    .update(sharedLinks)
    .set({ codeHash: codeHash(code) })
    .where(eq(sharedLinks.id, inserted.id))
    .returning();
  await recordAudit(tx, actor, 'shared_link.create', {
    sharedLinkId: row.id,
    moduleId,
    expiresAt: row.expiresAt,
    rootPath: row.rootPath,
  });
  return presentSharedLink(ctx, tx, actor, row, baseUrl);
}

/** The link's root: a cabinet folder of this workspace that exists ('/' always does). */
async function existingFolder(tx: Tx, actor: MemberActor, input: string): Promise<string> {
  const path = normalizePath(input);
  if (path === ROOT) return path;
  const [folder] = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.accountId, actor.accountId), eq(folders.path, path)));
  if (!folder) throw invalid({ root_path: ROOT_FOLDER_MISSING });
  return path;
}
