import type { RoomLinkBody, RoomLinkView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomLinks } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { normalizeLink } from './link-input.ts';
import { assertRoomAdmin } from './policies.ts';
import { nextPosition } from './positions.ts';
import { presentLink } from './presenters.ts';
import { findRoom } from './scope.ts';

/** POST /api/account/admin/room/{id}/link: a link at the end of the list. */
export async function addRoomLink({
  tx,
  actor,
  id,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  input: RoomLinkBody;
}): Promise<RoomLinkView> {
  const room = await findRoom(tx, actor, id, true);
  assertRoomAdmin(actor, room);
  const { link, label } = normalizeLink(input);
  const [{ position }] = await tx
    .select({ position: nextPosition })
    .from(roomLinks)
    .where(eq(roomLinks.roomId, room.id));
  const [row] = await tx.insert(roomLinks).values({ roomId: room.id, link, label, position }).returning();
  return presentLink(row);
}
