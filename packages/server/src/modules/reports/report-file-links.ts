import type { ReportFileLink, ReportRow } from '@charter/domain';
import { inArray } from 'drizzle-orm';
import type { TokenService } from '../../adapters/tokens.ts';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import type { ReportDefinition } from './catalogue.ts';

/** How long a report file link works: long enough to click, short enough that a copied link soon dies. */
export const REPORT_FILE_TOKEN_TTL_SECONDS = 10 * 60;

/** The claims of a report file link: this user (and session), this report, this file, nothing else. */
export type ReportFileClaims = { report: number; file: number };

const FILE_ID = /^[1-9]\d{0,9}$/;

/** The cabinet file ids the rows' document columns name (a 'document' answer is the file's id). */
export function reportFileIds(definition: ReportDefinition, rows: readonly ReportRow[]): Set<number> {
  const keys = definition.columns.filter((c) => c.type === 'document').map((c) => c.key);
  const ids = new Set<number>();
  for (const row of rows)
    for (const key of keys) {
      const value = row.values[key]?.trim() ?? '';
      if (FILE_ID.test(value) && Number(value) <= 2_147_483_647) ids.add(Number(value));
    }
  return ids;
}

type VisibleRows = {
  report: { id: number; accountId: number };
  definition: ReportDefinition;
  rows: ReportRow[];
};

/**
 * The files each report's visible rows name, with a link signed for this user: only files of the report's
 * own workspace that are really values of rows this user sees. One query for all the reports' files.
 */
export async function reportFileLinks({
  tx,
  actor,
  tokens,
  reports,
}: {
  tx: Tx;
  actor: UserActor;
  tokens: TokenService;
  reports: readonly VisibleRows[];
}): Promise<Map<number, ReportFileLink[]>> {
  const named = reports.map((r) => ({ ...r, ids: reportFileIds(r.definition, r.rows) }));
  const all = [...new Set(named.flatMap((r) => [...r.ids]))];
  const links = new Map<number, ReportFileLink[]>();
  if (all.length === 0) return links;
  const rows = await tx
    .select({ id: files.id, accountId: files.accountId, filename: files.filename })
    .from(files)
    .where(inArray(files.id, all));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { report, ids } of named) {
    const list: ReportFileLink[] = [];
    for (const id of ids) {
      const file = byId.get(id);
      if (!file || file.accountId !== report.accountId) continue;
      const claims: ReportFileClaims = { report: report.id, file: id };
      const token = await tokens.sign(
        { typ: 'report_file', sub: String(actor.userId), sid: actor.sessionId, ...claims },
        REPORT_FILE_TOKEN_TTL_SECONDS,
      );
      list.push({ id, filename: file.filename, url: `/api/user/report/file/${id}/jwt/${token}` });
    }
    links.set(report.id, list);
  }
  return links;
}
