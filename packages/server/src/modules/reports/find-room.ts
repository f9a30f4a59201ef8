import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rooms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';

/** A room of the actor's workspace, locked for the change about to be made; another workspace's is absent. */
export async function findRoomForUpdate(tx: Tx, actor: MemberActor, id: number) {
  const [room] = await tx
    .select({ id: rooms.id, accountId: rooms.accountId })
    .from(rooms)
    .where(and(eq(rooms.id, id), eq(rooms.accountId, actor.accountId)))
    .for('update');
  if (!room) throw notFound('Room not found');
  return room;
}
