import type { CabinetFolder } from '@charter/domain';
import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files, folders } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { FOLDER_EXISTS } from './create-folder.ts';
import { checkFolderName, join, nameOf } from './paths.ts';
import { presentFolder } from './presenters.ts';
import { findFolder } from './scope.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** PATCH /api/account/storage/folder/{id}: renamed, with every folder and file under it. */
export async function renameFolder(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  name: string;
}): Promise<CabinetFolder> {
  const { tx, actor, id, name } = input;
  const accountId = actor.accountId;
  const folder = await findFolder(tx, actor, id);
  const target = join(folder.parentPath, checkFolderName(name));
  if (target === folder.path) return presentFolder(folder);
  const [clash] = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.accountId, accountId), eq(folders.path, target)));
  if (clash) throw new AppError('CONFLICT', FOLDER_EXISTS);
  const old = folder.path;
  const under = `${escapeLike(old)}/%`;
  const moved = (column: typeof folders.path | typeof files.folder) =>
    sql`${target} || substr(${column}, ${old.length + 1})`;
  await tx
    .update(folders)
    .set({
      path: moved(folders.path),
      parentPath: sql`${target} || substr(${folders.parentPath}, ${old.length + 1})`,
    })
    .where(and(eq(folders.accountId, accountId), like(folders.path, under)));
  await tx
    .update(folders)
    .set({ path: target, name: nameOf(target) })
    .where(eq(folders.id, id));
  await tx
    .update(files)
    .set({ folder: moved(files.folder) })
    .where(and(eq(files.accountId, accountId), or(eq(files.folder, old), like(files.folder, under))));
  return presentFolder({ ...folder, path: target, name: nameOf(target) });
}
