import type { RoomLinkView } from '@charter/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomLinks } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { assertRoomsAvailable } from './policies.ts';
import { presentLink } from './presenters.ts';
import { findRoom } from './scope.ts';

/** GET /api/account/admin/room/{id}/link: the room's links, in order. */
export async function listRoomLinks({
  tx,
  actor,
  id,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<RoomLinkView[]> {
  assertRoomsAvailable(actor);
  const room = await findRoom(tx, actor, id);
  const rows = await tx
    .select()
    .from(roomLinks)
    .where(eq(roomLinks.roomId, room.id))
    .orderBy(asc(roomLinks.position), asc(roomLinks.id));
  return rows.map(presentLink);
}
