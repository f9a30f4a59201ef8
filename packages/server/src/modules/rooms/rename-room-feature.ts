import { ROOM_MESSAGES, type RoomTableView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomTables } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { assertRoomAdmin } from './policies.ts';
import { presentRoomTable } from './present-room-table.ts';
import { findRoom, findRoomTable } from './scope.ts';

/** PUT /api/account/admin/room/{id}/feature/{featureId}: rename a table ('Cannot update to empty string.'). */
export async function renameRoomFeature({
  tx,
  actor,
  id,
  featureId,
  label,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  featureId: number;
  label: string;
}): Promise<RoomTableView> {
  const room = await findRoom(tx, actor, id);
  assertRoomAdmin(actor, room);
  const table = await findRoomTable(tx, room.id, featureId);
  const name = label.trim();
  if (!name) throw invalid({ label: ROOM_MESSAGES.emptyName });
  await tx.update(roomTables).set({ label: name }).where(eq(roomTables.id, table.id));
  return presentRoomTable(tx, room.id, table.id);
}
