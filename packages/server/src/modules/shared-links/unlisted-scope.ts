import { RESTRICTED_ROLE_ID, SHARED_LINK_MESSAGES } from '@charter/domain';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, outsideForms, sharedLinks } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { join, normalizePath, ROOT } from '../cabinet/paths.ts';
import { formFileScope, formUploadFolder } from '../outside-forms/form-uploads.ts';
import { CODE_PATTERN, codeHash } from '../rooms/link-codes.ts';
import type { FileScope } from '../workflows/document-answers.ts';

/**
 * What an access code opens on the unlisted storage routes (/api/unlisted/account/storage/folder,
 * /api/unlisted/storage/token): one folder of one workspace's cabinet and everything under it, never
 * anything above. `kind` says which link made it: a Share File Cabinet link (read-only) or, later, an
 * outside form's upload folder (writable).
 */
export type UnlistedScope = {
  kind: 'cabinet' | 'form';
  accountId: number;
  /** The cabinet folder the code opens, absolute and normalised ('/' = the whole cabinet). */
  rootPath: string;
  canWrite: boolean;
  /** When the code stops working (null: as long as what it names lives). */
  expiresAt: Date | null;
  /**
   * Which of the workspace's files the code reaches, beyond lying under the root (null: all of them). An
   * outside form's code reaches only what was uploaded through the form (formFileScope: in its folder, no
   * member's file even one moved there, nothing in a subfolder); its folder shows no subfolder either.
   */
  fileScope: FileScope | null;
};

/** Unknown, expired and regenerated codes get this one answer: which of them it was is not told. */
export const linkGone = () => new AppError('NOT_FOUND', SHARED_LINK_MESSAGES.gone);

/**
 * The scope an access code opens, found only by the code's hash (a malformed code never reaches the
 * database). A link of a workspace that has since become restricted (role 3, no cabinet) opens nothing.
 * Other code kinds (an outside form's upload folder) are resolved here too, so every unlisted route
 * shares one definition of what a code reaches.
 */
export async function resolveUnlistedScope(tx: Tx, accessCode: string): Promise<UnlistedScope> {
  if (!CODE_PATTERN.test(accessCode)) throw linkGone();
  const [link] = await tx
    .select({
      accountId: sharedLinks.accountId,
      rootPath: sharedLinks.rootPath,
      expiresAt: sharedLinks.expiresAt,
    })
    .from(sharedLinks)
    .innerJoin(accounts, eq(accounts.id, sharedLinks.accountId))
    .where(
      and(
        eq(sharedLinks.codeHash, codeHash(accessCode)),
        gt(sharedLinks.expiresAt, new Date()),
        ne(accounts.roleId, RESTRICTED_ROLE_ID),
      ),
    )
    .limit(1);
  if (link) {
    return {
      kind: 'cabinet',
      accountId: link.accountId,
      rootPath: normalizePath(link.rootPath),
      canWrite: false,
      expiresAt: link.expiresAt,
      fileScope: null,
    };
  }
  // An outside form's code: its upload folder, while the form takes answers (a finalized form shows
  // nothing of its answers, its files included).
  const [form] = await tx
    .select({ id: outsideForms.id, accountId: outsideForms.accountId, state: outsideForms.state })
    .from(outsideForms)
    .where(
      and(
        eq(outsideForms.codeHash, codeHash(accessCode)),
        isNull(outsideForms.cancelledAt),
        ne(outsideForms.type, 'persistent'),
      ),
    )
    .limit(1);
  if (form?.state !== 'new') throw linkGone();
  return {
    kind: 'form',
    accountId: form.accountId,
    rootPath: formUploadFolder(form),
    canWrite: true,
    expiresAt: null,
    fileScope: formFileScope(form),
  };
}

/**
 * The cabinet folder a visitor's path names: relative to the scope's root, normalised; '..', '.',
 * backslashes and control characters are refused by normalizePath (400), so nothing climbs above the root.
 */
export function folderUnderRoot(scope: UnlistedScope, relative: string): string {
  const path = normalizePath(relative);
  return path === ROOT ? scope.rootPath : join(scope.rootPath, path.slice(1));
}

/** Whether an absolute cabinet folder lies at or under the scope's root. */
export const isUnderRoot = (scope: UnlistedScope, folder: string) =>
  scope.rootPath === ROOT || folder === scope.rootPath || folder.startsWith(`${scope.rootPath}/`);

/** An absolute cabinet folder under the root, as the visitor sees it (relative to the root). */
export function relativeToRoot(scope: UnlistedScope, folder: string): string {
  if (scope.rootPath === ROOT) return folder;
  return folder === scope.rootPath ? ROOT : folder.slice(scope.rootPath.length);
}
