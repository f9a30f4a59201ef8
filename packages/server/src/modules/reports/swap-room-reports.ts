import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomReports } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { findRoom } from '../rooms/scope.ts';
import { assertCanManageReports } from './policies.ts';

/** PATCH /api/account/admin/room/{id}/report/{a}/swap/{b}: two report tables of a room trade places. */
export async function swapRoomReports({
  tx,
  actor,
  roomId,
  a,
  b,
}: {
  tx: Tx;
  actor: MemberActor;
  roomId: number;
  a: number;
  b: number;
}) {
  assertCanManageReports(actor);
  const room = await findRoom(tx, actor, roomId, true);
  const pair = await tx
    .select({ id: roomReports.id, position: roomReports.position })
    .from(roomReports)
    .where(and(eq(roomReports.roomId, room.id), inArray(roomReports.id, [a, b])));
  const first = pair.find((row) => row.id === a);
  const second = pair.find((row) => row.id === b);
  if (!first || !second) throw notFound('Report not found');
  await tx.update(roomReports).set({ position: second.position }).where(eq(roomReports.id, first.id));
  await tx.update(roomReports).set({ position: first.position }).where(eq(roomReports.id, second.id));
}
