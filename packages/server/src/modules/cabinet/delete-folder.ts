import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files, folders } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { findFolder } from './scope.ts';

export const FOLDER_NOT_EMPTY = 'Only an empty folder can be deleted.';

/** DELETE /api/account/storage/folder/{id}: only an empty one. */
export async function deleteFolder({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  const accountId = actor.accountId;
  const folder = await findFolder(tx, actor, id);
  const [{ n: subfolders }] = await tx
    .select({ n: count() })
    .from(folders)
    .where(and(eq(folders.accountId, accountId), eq(folders.parentPath, folder.path)));
  const [{ n: inside }] = await tx
    .select({ n: count() })
    .from(files)
    .where(and(eq(files.accountId, accountId), eq(files.folder, folder.path)));
  if (subfolders > 0 || inside > 0) throw new AppError('CONFLICT', FOLDER_NOT_EMPTY);
  await tx.delete(folders).where(eq(folders.id, id));
}
