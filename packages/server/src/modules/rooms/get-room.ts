import type { RoomDetail } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { loadRoomView } from './overview.ts';
import { assertRoomsAvailable, isRoomAdmin } from './policies.ts';
import { presentRoom } from './presenters.ts';
import { findRoom } from './scope.ts';

/** GET /api/account/admin/room/{id}: the room and its overview, as its workspace's members see it. */
export async function getRoom({
  tx,
  actor,
  id,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<RoomDetail> {
  assertRoomsAvailable(actor);
  const room = await findRoom(tx, actor, id);
  const overview = await loadRoomView({
    tx,
    room,
    viewer: isRoomAdmin(actor, room) ? { kind: 'admin' } : { kind: 'visitor', emails: [actor.user.email] },
  });
  return { room: presentRoom(actor, room), overview };
}
