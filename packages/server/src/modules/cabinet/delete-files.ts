import { and, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findAllOwned } from '../../db/owned.ts';
import { files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { heldByDocument } from './policies.ts';

export const FILE_IS_DOCUMENT = "This file is a task's document and cannot be deleted from the cabinet.";

/**
 * POST /api/account/storage/files/delete (and DELETE box/file/{id}, one id): every file or none. Each
 * must be the workspace's (else 404) and held by no document (else 409: the selection is refused
 * whole, as immich refuses a bulk call with one id it may not touch). Returns the deleted rows, whose
 * bytes the caller removes once the transaction has committed.
 */
export async function deleteFiles({ tx, actor, ids }: { tx: Tx; actor: MemberActor; ids: number[] }) {
  const rows = await findAllOwned(tx, files, actor, ids, { lock: true, what: 'File not found' });
  const unique = rows.map((row) => row.id);
  const [held] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, unique), heldByDocument))
    .limit(1);
  if (held) throw new AppError('CONFLICT', FILE_IS_DOCUMENT);
  await tx.delete(files).where(inArray(files.id, unique));
  return rows;
}
