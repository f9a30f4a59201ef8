import { eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentRevisions, documents, files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { findFile } from './scope.ts';

export const FILE_IS_DOCUMENT = "This file is a task's document and cannot be deleted from the cabinet.";

/**
 * DELETE /api/account/box/file/{id}: not a task's document (that one goes with its task). Returns the
 * deleted row, whose bytes the caller removes once the transaction has committed.
 */
export async function deleteFile({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  const row = await findFile(tx, actor, id);
  const [document] = await tx
    .select({ id: documents.id })
    .from(documents)
    // A document's file, or the original it is (or was) signed as: the signing's evidence stays.
    .where(or(eq(documents.fileId, id), eq(documents.originalFileId, id)))
    .limit(1);
  const [revision] = await tx
    .select({ id: documentRevisions.id })
    .from(documentRevisions)
    .where(eq(documentRevisions.fileId, id))
    .limit(1);
  if (document || revision) throw new AppError('CONFLICT', FILE_IS_DOCUMENT);
  await tx.delete(files).where(eq(files.id, id));
  return row;
}
