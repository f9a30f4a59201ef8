import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { deleteFiles } from './delete-files.ts';

export { FILE_IS_DOCUMENT } from './delete-files.ts';

/**
 * DELETE /api/account/box/file/{id}: not a task's document (that one goes with its task). Returns the
 * deleted row, whose bytes the caller removes once the transaction has committed.
 */
export async function deleteFile({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  const [row] = await deleteFiles({ tx, actor, ids: [id] });
  return row;
}
