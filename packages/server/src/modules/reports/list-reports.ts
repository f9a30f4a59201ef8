import type { ReportTableView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sharedReports } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { loadCatalogue } from './catalogue.ts';
import { assertCanReadReports, reportAbilities } from './policies.ts';
import { presentColumns, presentSharedReport } from './presenters.ts';
import { loadReportRows, rowsOf } from './rows.ts';

/** GET /api/account/reports: the workspace's report tables with their rows and sharing. */
export async function listReports({ tx, actor }: { tx: Tx; actor: MemberActor }): Promise<ReportTableView[]> {
  assertCanReadReports(actor);
  const definitions = await loadCatalogue(tx, [actor.accountId]);
  const rows = await loadReportRows(tx, definitions);
  const sharing = new Map(
    (await tx.select().from(sharedReports).where(eq(sharedReports.accountId, actor.accountId))).map((row) => [
      row.reportKey,
      row,
    ]),
  );
  const abilities = reportAbilities(actor);
  return definitions.map((d) => {
    const shared = sharing.get(d.key);
    return {
      feature_type_id: d.key,
      question_label: d.label,
      template_label: d.templateLabel,
      resource_type_id: d.resourceTypeId,
      has_email: d.emailKeys.length > 0,
      feature_types: presentColumns(d),
      rows: rowsOf(rows, d),
      sharing: shared ? presentSharedReport(shared) : null,
      abilities,
    };
  });
}
