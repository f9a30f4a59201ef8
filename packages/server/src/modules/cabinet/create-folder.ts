import type { CabinetFolder } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folders } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { ensureFolder } from './ensure-folder.ts';
import { normalizePath, ROOT } from './paths.ts';
import { presentFolder } from './presenters.ts';

export const FOLDER_EXISTS = 'A folder of that name already exists here.';

/** POST /api/account/storage/folder */
export async function createFolder({
  tx,
  actor,
  path: raw,
}: {
  tx: Tx;
  actor: MemberActor;
  path: string;
}): Promise<CabinetFolder> {
  const accountId = actor.accountId;
  const path = normalizePath(raw);
  if (path === ROOT) throw new AppError('VALIDATION_ERROR', 'Name the folder.', { path: 'Name the folder.' });
  const [existing] = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.accountId, accountId), eq(folders.path, path)));
  if (existing) throw new AppError('CONFLICT', FOLDER_EXISTS);
  await ensureFolder(tx, accountId, path);
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.accountId, accountId), eq(folders.path, path)));
  return presentFolder(row);
}
