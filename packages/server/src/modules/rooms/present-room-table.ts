import type { RoomTableView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { loadRoomOverview } from './overview.ts';

/** One table of a room as the overview shows it (after a change to it). */
export async function presentRoomTable(tx: Tx, roomId: number, tableId: number): Promise<RoomTableView> {
  const { tables } = await loadRoomOverview({ tx, room: { id: roomId }, viewer: { kind: 'admin' } });
  const table = tables.find((t) => t.id === tableId);
  if (!table) throw notFound('Room table not found');
  return table;
}
