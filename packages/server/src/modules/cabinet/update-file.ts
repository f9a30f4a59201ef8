import { type StoredFile, type UpdateFileBody, validateFileName } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { safeFilename } from '../../adapters/storage/file-types.ts';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { ensureFolder } from './ensure-folder.ts';
import { normalizePath } from './paths.ts';
import { presentFile } from './presenters.ts';
import { findFile } from './scope.ts';

/** PUT /api/account/box/file/{id}: a new name (its extension kept) or folder. */
export async function updateFile({
  tx,
  actor,
  id,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  input: UpdateFileBody;
}): Promise<StoredFile> {
  if (input.filename === undefined && input.path === undefined) {
    throw invalid({ filename: 'Nothing to change: send a filename or a path.' });
  }
  const row = await findFile(tx, actor, id);
  const changes: Partial<typeof files.$inferInsert> = {};
  if (input.filename !== undefined) changes.filename = renamedFilename(row.filename, input.filename);
  if (input.path !== undefined) {
    changes.folder = normalizePath(input.path);
    await ensureFolder(tx, actor.accountId, changes.folder);
  }
  const [updated] = await tx.update(files).set(changes).where(eq(files.id, id)).returning();
  return presentFile(updated);
}

/** A file's new name as typed, made safe, keeping the file's extension (refused with the spec's message). */
export function renamedFilename(current: string, typed: string): string {
  const refused = validateFileName(typed);
  if (refused) throw invalid({ filename: refused });
  const extension = current.includes('.') ? current.slice(current.lastIndexOf('.')) : '';
  const name = safeFilename(typed);
  return extension && !name.toLowerCase().endsWith(extension.toLowerCase()) ? `${name}${extension}` : name;
}
