import {
  type AddRoomFeatureBody,
  ROOM_ADMIN_MESSAGES,
  type RoomTableField,
  type RoomTableView,
} from '@charter/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resources, roomTableRows, roomTables } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { assertRoomAdmin } from './policies.ts';
import { nextPosition } from './positions.ts';
import { presentRoomTable } from './present-room-table.ts';
import { findRoom, findRoomTable } from './scope.ts';

const TABLE_LABELS: Record<number, string> = { 2: 'People & Companies', 25: 'Checklist' };

/**
 * POST /api/account/admin/room/{id}/feature (spec 3 §5): a table of a resource type with at least one
 * field, a record (a resource of the table's type, of the room's workspace) or more fields of a table.
 */
export async function addRoomFeature({
  tx,
  actor,
  id,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  input: AddRoomFeatureBody;
}): Promise<RoomTableView> {
  const room = await findRoom(tx, actor, id, true);
  assertRoomAdmin(actor, room);
  if (input.kind === 'table') {
    const fields = uniqueFields([], input.fields);
    if (fields.length === 0) throw invalid({ fields: ROOM_ADMIN_MESSAGES.fieldsRequired });
    const [{ position }] = await tx
      .select({ position: nextPosition })
      .from(roomTables)
      .where(eq(roomTables.roomId, room.id));
    const [table] = await tx
      .insert(roomTables)
      .values({
        roomId: room.id,
        resourceTypeId: input.resource_type_id,
        label: input.label?.trim() || TABLE_LABELS[input.resource_type_id] || 'Resources',
        fields,
        position,
      })
      .returning();
    const ids = [...new Set(input.resource_ids ?? [])];
    if (ids.length > 0) {
      await checkResources(tx, actor, table.resourceTypeId, ids);
      await tx
        .insert(roomTableRows)
        .values(ids.map((resourceId, index) => ({ roomTableId: table.id, resourceId, position: index + 1 })));
    }
    return presentRoomTable(tx, room.id, table.id);
  }
  const table = await findRoomTable(tx, room.id, input.table_id);
  if (input.kind === 'record') {
    await checkResources(tx, actor, table.resourceTypeId, [input.resource_id]);
    const [{ position }] = await tx
      .select({ position: nextPosition })
      .from(roomTableRows)
      .where(eq(roomTableRows.roomTableId, table.id));
    await tx
      .insert(roomTableRows)
      .values({ roomTableId: table.id, resourceId: input.resource_id, position })
      .onConflictDoNothing();
  } else {
    if (input.fields.length === 0) throw invalid({ fields: ROOM_ADMIN_MESSAGES.fieldsRequired });
    await tx
      .update(roomTables)
      .set({ fields: uniqueFields(table.fields, input.fields) })
      .where(eq(roomTables.id, table.id));
  }
  return presentRoomTable(tx, room.id, table.id);
}

function uniqueFields(existing: RoomTableField[], added: RoomTableField[]): RoomTableField[] {
  const out = [...existing];
  for (const field of added) {
    const key = field.key.trim();
    if (!key || out.some((f) => f.key === key)) continue;
    out.push({ key, label: field.label.trim() || key, type: field.type || 'text' });
  }
  return out;
}

/** Every resource named is the workspace's (else 404, as for any row) and of the table's type (else 400). */
async function checkResources(tx: Tx, actor: MemberActor, resourceTypeId: number, ids: number[]) {
  const found = await tx
    .select({ id: resources.id, type: resources.resourceTypeId })
    .from(resources)
    .where(and(inArray(resources.id, ids), eq(resources.accountId, actor.accountId)));
  if (found.length !== ids.length) throw notFound('Resource not found');
  if (found.some((r) => r.type !== resourceTypeId))
    throw invalid({ resource_id: ROOM_ADMIN_MESSAGES.resourceRequired });
}
