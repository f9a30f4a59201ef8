import type { MoveFilesBody, StoredFile } from '@charter/domain';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findAllOwned } from '../../db/owned.ts';
import { files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { ensureFolder } from './ensure-folder.ts';
import { normalizePath } from './paths.ts';
import { presentFile } from './presenters.ts';

/**
 * POST /api/account/storage/files/move: the files into one folder (made if missing), every one or none
 * (a 404 if any is not the workspace's). A task's document moves like any file: it stays the same file.
 */
export async function moveFiles({
  tx,
  actor,
  body,
}: {
  tx: Tx;
  actor: MemberActor;
  body: MoveFilesBody;
}): Promise<StoredFile[]> {
  const folder = normalizePath(body.path);
  const rows = await findAllOwned(tx, files, actor, body.file_ids, { lock: true, what: 'File not found' });
  await ensureFolder(tx, actor.accountId, folder);
  const moved = await tx
    .update(files)
    .set({ folder })
    .where(
      inArray(
        files.id,
        rows.map((row) => row.id),
      ),
    )
    .returning();
  return moved.sort((a, b) => a.filename.localeCompare(b.filename) || a.id - b.id).map(presentFile);
}
