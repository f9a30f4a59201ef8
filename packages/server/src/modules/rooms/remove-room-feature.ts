import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomTableRows, roomTables } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { assertRoomAdmin } from './policies.ts';
import { findRoom, findRoomTable } from './scope.ts';

/**
 * DELETE /api/account/admin/room/{id}/feature/{featureId}: a field (?field=key), a record
 * (?resource_id=id) or, with neither, the whole table.
 */
export async function removeRoomFeature({
  tx,
  actor,
  id,
  featureId,
  field,
  resourceId,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  featureId: number;
  field?: string;
  resourceId?: number;
}) {
  const room = await findRoom(tx, actor, id);
  assertRoomAdmin(actor, room);
  const table = await findRoomTable(tx, room.id, featureId);
  if (field !== undefined) {
    if (!table.fields.some((f) => f.key === field)) throw notFound('Room field not found');
    await tx
      .update(roomTables)
      .set({ fields: table.fields.filter((f) => f.key !== field) })
      .where(eq(roomTables.id, table.id));
  } else if (resourceId !== undefined) {
    const removed = await tx
      .delete(roomTableRows)
      .where(and(eq(roomTableRows.roomTableId, table.id), eq(roomTableRows.resourceId, resourceId)))
      .returning();
    if (removed.length === 0) throw notFound('Room record not found');
  } else {
    await tx.delete(roomTables).where(eq(roomTables.id, table.id));
  }
}
