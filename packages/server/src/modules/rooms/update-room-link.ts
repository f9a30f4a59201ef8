import type { RoomLinkBody, RoomLinkView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomLinks } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { normalizeLink } from './link-input.ts';
import { assertRoomAdmin } from './policies.ts';
import { presentLink } from './presenters.ts';
import { findLink, findRoom } from './scope.ts';

/** PUT /api/account/admin/room/{id}/link/{linkId} */
export async function updateRoomLink({
  tx,
  actor,
  id,
  linkId,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  linkId: number;
  input: RoomLinkBody;
}): Promise<RoomLinkView> {
  const room = await findRoom(tx, actor, id);
  assertRoomAdmin(actor, room);
  const existing = await findLink(tx, room.id, linkId);
  const { link, label } = normalizeLink(input);
  const [row] = await tx
    .update(roomLinks)
    .set({ link, label })
    .where(eq(roomLinks.id, existing.id))
    .returning();
  return presentLink(row);
}
