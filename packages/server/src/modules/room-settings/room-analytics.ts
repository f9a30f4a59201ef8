import { ROOM_ANALYTICS_DAYS, type RoomAnalytics } from '@charter/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { findSharedRoom } from './scope.ts';

type Row = Record<string, unknown>;
const rowsOf = async (tx: Tx, query: SQL) => (await tx.execute<Row>(query)).rows;

/**
 * What a room's owner learns from its history, computed in the database: visits per day over the last
 * 30 days (days without visits as 0), seconds per page of each document, and for each visitor and
 * document the share of its pages they viewed: distinct pages seen of the file's page count (files.
 * page_count, read from its preview; the highest page anyone viewed only for a file previewed before
 * counts were kept). Entries an admin hid count for none of it.
 */
export async function roomAnalytics({
  tx,
  actor,
  roomId,
  now = new Date(),
}: {
  tx: Tx;
  actor: MemberActor;
  roomId: number;
  now?: Date;
}): Promise<RoomAnalytics> {
  const room = await findSharedRoom(tx, actor, roomId);
  const today = now.toISOString().slice(0, 10);
  const days = await rowsOf(
    tx,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day, count(h.id)::int as visits
      from generate_series(${today}::date - ${ROOM_ANALYTICS_DAYS - 1}::int, ${today}::date, interval '1 day') as d(day)
      left join room_history h on h.room_id = ${room.id} and h.action = 'visit' and h.hidden_at is null
        and h.created_at >= d.day at time zone 'UTC' and h.created_at < (d.day + interval '1 day') at time zone 'UTC'
      group by d.day order by d.day`,
  );
  const pages = await rowsOf(
    tx,
    sql`select h.file_id, coalesce(max(f.filename), max(h.label)) as label, h.page,
        coalesce(sum(h.seconds), 0)::int as seconds
      from room_history h left join files f on f.id = h.file_id
      where h.room_id = ${room.id} and h.action = 'view' and h.file_id is not null and h.page is not null
        and h.hidden_at is null
      group by h.file_id, h.page order by h.file_id, h.page`,
  );
  const completion = await rowsOf(
    tx,
    sql`with viewed as (
        select file_id, visitor_id, count(distinct page)::int as pages_viewed
        from room_history
        where room_id = ${room.id} and action = 'view' and file_id is not null and page is not null
          and visitor_id is not null and hidden_at is null
        group by file_id, visitor_id),
      sizes as (
        select h.file_id, coalesce(max(f.page_count), max(h.page))::int as page_count, max(h.label) as label
        from room_history h left join files f on f.id = h.file_id
        where h.room_id = ${room.id} and h.action = 'view' and h.file_id is not null and h.page is not null
          and h.hidden_at is null
        group by h.file_id)
      select v.file_id, coalesce(f.filename, s.label) as label, v.visitor_id,
        coalesce(nullif(rv.name, ''), nullif(trim(u.first_name || ' ' || u.family_name), ''), rv.email, u.email, 'Anonymous') as name,
        v.pages_viewed, s.page_count
      from viewed v join sizes s on s.file_id = v.file_id
      join room_visitors rv on rv.id = v.visitor_id
      left join users u on u.id = rv.user_id
      left join files f on f.id = v.file_id
      order by v.file_id, v.visitor_id`,
  );
  return {
    views_over_time: days.map((r) => ({ day: String(r.day), visits: Number(r.visits) })),
    time_per_page: pages.map((r) => ({
      file_id: Number(r.file_id),
      label: String(r.label ?? ''),
      page: Number(r.page),
      seconds: Number(r.seconds),
    })),
    completion: completion.map((r) => {
      const count = Math.max(Number(r.page_count), 1);
      const viewed = Math.min(Number(r.pages_viewed), count);
      return {
        file_id: Number(r.file_id),
        label: String(r.label ?? ''),
        visitor_id: Number(r.visitor_id),
        name: String(r.name),
        pages_viewed: viewed,
        page_count: count,
        share: Math.round((viewed / count) * 1000) / 1000,
      };
    }),
  };
}
