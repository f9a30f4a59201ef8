import type { Tx } from '../../db/client.ts';
import { folders } from '../../db/schema/index.ts';
import { ancestry, nameOf, parentOf, ROOT } from './paths.ts';

/** The folder and its ancestors exist afterwards (idempotent). */
export async function ensureFolder(tx: Tx, accountId: number, path: string) {
  const paths = ancestry(path);
  if (paths.length === 0) return;
  await tx
    .insert(folders)
    .values(paths.map((p) => ({ accountId, path: p, parentPath: parentOf(p) ?? ROOT, name: nameOf(p) })))
    .onConflictDoNothing();
}
