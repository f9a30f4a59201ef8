import type { RoomView } from '@charter/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rooms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { assertRoomsAvailable } from './policies.ts';
import { presentRoom } from './presenters.ts';

/** GET /api/account/admin/room?open=true: the workspace's rooms, newest first (only open ones if asked). */
export async function listRooms({
  tx,
  actor,
  openOnly,
}: {
  tx: Tx;
  actor: MemberActor;
  openOnly: boolean;
}): Promise<RoomView[]> {
  assertRoomsAvailable(actor);
  const rows = await tx
    .select()
    .from(rooms)
    .where(and(eq(rooms.accountId, actor.accountId), openOnly ? eq(rooms.open, true) : undefined))
    .orderBy(desc(rooms.createdAt), desc(rooms.id));
  return rows.map((row) => presentRoom(actor, row));
}
