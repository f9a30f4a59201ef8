import type { RoomHistoryQuery } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { decodeCursor, encodeCursor, historyPage } from './history-query.ts';
import { presentHistoryEntry } from './presenters.ts';
import { findSharedRoom, findVisitor } from './scope.ts';

/**
 * A page of a room's history (or one user's), in the chosen sort, with the cursor of the next page; hidden
 * entries only when asked for.
 */
export async function roomHistoryPage({
  tx,
  actor,
  roomId,
  query,
}: {
  tx: Tx;
  actor: MemberActor;
  roomId: number;
  query: RoomHistoryQuery;
}) {
  const room = await findSharedRoom(tx, actor, roomId);
  if (query.visitor_id !== undefined) await findVisitor(tx, room, query.visitor_id);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const filter = {
    roomId: room.id,
    visitorId: query.visitor_id,
    sort: query.sort,
    includeHidden: query.include_hidden === '1',
  };
  const { rows, next } = await historyPage(tx, filter, after, query.limit);
  return {
    entries: rows.map((row) =>
      presentHistoryEntry(
        row.entry,
        row.entry.visitorId === null ? null : { name: row.name, email: row.email },
      ),
    ),
    next_cursor: next ? encodeCursor(next) : null,
  };
}
