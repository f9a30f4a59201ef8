import type { RoomHistoryAction, RoomHistorySort } from '@charter/domain';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomHistory, roomVisitors, users } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';
import { visitorEmail, visitorName } from './scope.ts';

/** Spec 3 §9 history sorts: four show one kind of entry (newest first), date is oldest first. */
const ONLY: Partial<Record<RoomHistorySort, RoomHistoryAction>> = {
  'document-views': 'view',
  downloads: 'download',
  'room-visits': 'visit',
  'form-visits': 'form',
};

export type HistoryFilter = {
  roomId: number;
  visitorId?: number;
  sort: RoomHistorySort;
  includeHidden?: boolean;
};
export type HistoryPosition = { at: string; id: number };

export const encodeCursor = (p: HistoryPosition) => Buffer.from(`${p.at}|${p.id}`).toString('base64url');

export function decodeCursor(cursor: string): HistoryPosition {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const position = { at: at ?? '', id: Number(id) };
  const shaped = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(position.at);
  // A real instant the database can read back (no 31 February, no year 0), and a row id.
  const time = shaped ? Date.parse(position.at) : Number.NaN;
  const real = !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === position.at.slice(0, 19);
  if (!real || position.at < '1970' || !Number.isSafeInteger(position.id) || position.id < 0) {
    throw invalid({ cursor: 'Invalid cursor' });
  }
  return position;
}

// Microseconds, so a page boundary never falls between two entries of the same millisecond.
const createdAtText = sql<string>`to_char(${roomHistory.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One keyset page of a room's history (optionally one visitor's): the (room_id, created_at, id) and
 * (visitor_id, created_at, id) indexes serve it without counting or skipping rows.
 */
export async function historyPage(
  tx: Tx,
  filter: HistoryFilter,
  after: HistoryPosition | null,
  limit: number,
) {
  const ascending = filter.sort === 'date';
  const only = ONLY[filter.sort];
  const conditions: (SQL | undefined)[] = [
    eq(roomHistory.roomId, filter.roomId),
    filter.visitorId === undefined ? undefined : eq(roomHistory.visitorId, filter.visitorId),
    only ? eq(roomHistory.action, only) : undefined,
    filter.includeHidden ? undefined : isNull(roomHistory.hiddenAt),
  ];
  if (after) {
    const key = sql`(${roomHistory.createdAt}, ${roomHistory.id})`;
    const at = sql`(${after.at}::timestamptz, ${after.id})`;
    conditions.push(ascending ? sql`${key} > ${at}` : sql`${key} < ${at}`);
  }
  const direction = ascending ? sql`asc` : sql`desc`;
  const rows = await tx
    .select({ entry: roomHistory, at: createdAtText, name: visitorName, email: visitorEmail })
    .from(roomHistory)
    .leftJoin(roomVisitors, eq(roomVisitors.id, roomHistory.visitorId))
    .leftJoin(users, eq(users.id, roomVisitors.userId))
    .where(and(...conditions))
    .orderBy(sql`${roomHistory.createdAt} ${direction}`, sql`${roomHistory.id} ${direction}`)
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, next: more && last ? { at: last.at, id: last.entry.id } : null };
}
