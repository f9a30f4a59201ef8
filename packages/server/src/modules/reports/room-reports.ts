import type { RoomReportView } from '@charter/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomReports } from '../../db/schema/index.ts';
import { loadCatalogue } from './catalogue.ts';
import { presentRoomReport } from './presenters.ts';
import { loadReportRows, maskedRows, ownRows, rowsOf } from './rows.ts';

/** Who looks at a room's overview: its admins see every row; a visitor sees a user-only report's own rows. */
export type ReportViewer = { kind: 'admin' } | { kind: 'visitor'; emails: readonly string[] };

/**
 * The report tables of a room's overview, in order, rows narrowed for the viewer. A constant number of
 * queries per room (its reports, the workspace's templates, one for every report's rows). Visitors are not
 * shown empty tables; admins are (the page tells them users will not see those).
 */
export async function loadRoomReports({
  tx,
  room,
  viewer,
  placed: given,
}: {
  tx: Tx;
  room: { id: number; accountId: number };
  viewer: ReportViewer;
  /** The room's placed reports, in order, when the caller has read them (rooms/overview.ts loadRoomParts). */
  placed?: (typeof roomReports.$inferSelect)[];
}): Promise<RoomReportView[]> {
  const placed =
    given ??
    (await tx
      .select()
      .from(roomReports)
      .where(eq(roomReports.roomId, room.id))
      .orderBy(asc(roomReports.position), asc(roomReports.id)));
  if (placed.length === 0) return [];
  const wanted = new Set(placed.map((row) => row.reportKey));
  const definitions = (await loadCatalogue(tx, [room.accountId])).filter((d) => wanted.has(d.key));
  const rows = await loadReportRows(tx, definitions);
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const emails = new Set(viewer.kind === 'visitor' ? viewer.emails.map((e) => e.trim().toLowerCase()) : []);
  const tables = placed.map((row) => {
    const d = byKey.get(row.reportKey);
    const all = d ? rowsOf(rows, d) : [];
    if (!d || viewer.kind === 'admin') return presentRoomReport(row, d, all);
    return presentRoomReport(row, d, maskedRows(d, row.userOnly ? ownRows(d, all, emails) : all));
  });
  return viewer.kind === 'admin' ? tables : tables.filter((table) => table.rows.length > 0);
}
