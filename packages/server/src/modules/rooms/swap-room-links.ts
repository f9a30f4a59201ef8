import type { Tx } from '../../db/client.ts';
import { roomLinks } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { assertRoomAdmin } from './policies.ts';
import { swapPositions } from './positions.ts';
import { findRoom } from './scope.ts';

/** PATCH /api/account/admin/room/{id}/link/{a}/swap/{b}: move up / move down. */
export async function swapRoomLinks({
  tx,
  actor,
  id,
  a,
  b,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  a: number;
  b: number;
}) {
  const room = await findRoom(tx, actor, id, true);
  assertRoomAdmin(actor, room);
  await swapPositions(tx, roomLinks, room.id, a, b, 'Room link not found');
}
