import { Readable } from 'node:stream';
import type { RoomHistorySort } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { MemberActor } from '../../http/actor.ts';
import { csvRow } from './csv.ts';
import { type HistoryPosition, historyPage } from './history-query.ts';
import { findSharedRoom, findVisitor } from './scope.ts';

const BATCH = 1000;
const HEADER = ['Date', 'User', 'Email', 'Action', 'Label', 'Detail', 'Page', 'Seconds', 'Hidden'];

/**
 * The room's history as CSV, streamed a keyset page at a time so a long history never sits in memory.
 * Access is checked before the first byte; the name is the room's label. It holds what the history list
 * shows: hidden entries only with include_hidden, then marked by when they were hidden.
 */
export async function historyCsv({
  ctx,
  actor,
  roomId,
  visitorId,
  sort,
  includeHidden = false,
}: {
  ctx: AppContext;
  actor: MemberActor;
  roomId: number;
  visitorId?: number;
  sort: RoomHistorySort;
  includeHidden?: boolean;
}) {
  const room = await ctx.db.transaction(async (tx) => {
    const found = await findSharedRoom(tx, actor, roomId);
    if (visitorId !== undefined) await findVisitor(tx, found, visitorId);
    return found;
  });
  const filter = { roomId: room.id, visitorId, sort, includeHidden };
  async function* lines() {
    yield csvRow(HEADER);
    let after: HistoryPosition | null = null;
    do {
      const { rows, next } = await historyPage(ctx.db, filter, after, BATCH);
      yield rows
        .map(({ entry, name, email }) =>
          csvRow([
            entry.createdAt.toISOString(),
            entry.visitorId === null ? '' : name,
            entry.visitorId === null ? '' : email,
            entry.action,
            entry.label,
            entry.sublabel,
            entry.page,
            entry.seconds,
            entry.hiddenAt?.toISOString() ?? '',
          ]),
        )
        .join('');
      after = next;
    } while (after);
  }
  return { filename: `${room.label} history.csv`, stream: Readable.from(lines()) };
}
