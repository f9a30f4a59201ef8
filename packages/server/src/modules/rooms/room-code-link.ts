import type { RoomCodeLink } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { rooms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { deriveCode, linkSecret } from './link-codes.ts';
import { assertRoomAdmin } from './policies.ts';
import { findRoom } from './scope.ts';

/** The room's general access link `{link_url}/data-room/{code}`, derived again for its admins. */
export async function presentCodeLink(
  ctx: AppContext,
  tx: Tx,
  room: typeof rooms.$inferSelect,
  baseUrl: string,
): Promise<RoomCodeLink> {
  const code = deriveCode(await linkSecret(ctx, tx), 'room', room.id, room.codeGeneration);
  return { code, url: `${baseUrl.replace(/\/+$/, '')}/data-room/${code}` };
}

/** GET /api/account/admin/room/{id}/code-link (Copy General Access Link): admins only. */
export async function roomCodeLink({
  ctx,
  tx,
  actor,
  id,
  baseUrl,
}: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  baseUrl: string;
}): Promise<RoomCodeLink> {
  const room = await findRoom(tx, actor, id);
  assertRoomAdmin(actor, room);
  return presentCodeLink(ctx, tx, room, baseUrl);
}
