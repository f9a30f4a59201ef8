import type { CabinetFileInfo } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { presentFileInfo } from './presenters.ts';
import { findFile } from './scope.ts';

/** GET /api/account/box/file/{id}/info */
export async function fileInfo({
  tx,
  actor,
  id,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<CabinetFileInfo> {
  return presentFileInfo(await findFile(tx, actor, id));
}
