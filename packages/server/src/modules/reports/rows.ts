import type { ReportRow } from '@charter/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  projects,
  resourceFeatures,
  resources,
  transactionResources,
  transactions,
} from '../../db/schema/index.ts';
import type { ReportDefinition } from './catalogue.ts';

type Listed = {
  account_id: number;
  template_id: string;
  question_id: string;
  resource_id: number;
  name: string;
  created_at: string;
  values: Record<string, string>;
};

/**
 * The rows of many reports in one query: the resources listed for each report's question in the task
 * groups of its workspace's projects of its template, each once, oldest first, with their answers. The
 * first column is the resource's name (as the questionnaire keeps it).
 */
export async function loadReportRows(
  tx: Tx,
  definitions: readonly ReportDefinition[],
): Promise<Map<string, ReportRow[]>> {
  const byReport = new Map<string, ReportRow[]>();
  const keyOf = (accountId: number, key: string) => `${accountId}:${key}`;
  for (const d of definitions) byReport.set(keyOf(d.accountId, d.key), []);
  if (definitions.length === 0) return byReport;
  const wanted = sql.join(
    definitions.map((d) => sql`(${d.accountId}::integer, ${d.templateId}::text, ${d.questionId}::text)`),
    sql`, `,
  );
  const { rows } = await tx.execute<Listed>(sql`
    select distinct on (${projects.accountId}, ${projects.templateId}, ${transactionResources.questionId}, ${resources.id})
           ${projects.accountId} as account_id, ${projects.templateId} as template_id,
           ${transactionResources.questionId} as question_id, ${resources.id} as resource_id,
           ${resources.name} as name, ${resources.createdAt} as created_at,
           (select coalesce(json_object_agg(${resourceFeatures.key}, ${resourceFeatures.value}), '{}'::json)
              from ${resourceFeatures} where ${resourceFeatures.resourceId} = ${resources.id}) as values
      from ${transactionResources}
      join ${transactions} on ${transactions.id} = ${transactionResources.transactionId}
      join ${projects} on ${projects.id} = ${transactions.projectId}
      join ${resources} on ${resources.id} = ${transactionResources.resourceId}
                       and ${resources.accountId} = ${projects.accountId}
     where (${projects.accountId}, ${projects.templateId}, ${transactionResources.questionId}) in (${wanted})
     order by ${projects.accountId}, ${projects.templateId}, ${transactionResources.questionId}, ${resources.id}`);
  const columnsOf = new Map(definitions.map((d) => [keyOf(d.accountId, d.key), d.columns.map((c) => c.key)]));
  for (const row of rows) {
    const key = keyOf(row.account_id, `${row.template_id}.${row.question_id}`);
    const columns = columnsOf.get(key) ?? [];
    // A resource is shared by every questionnaire of its workspace: only this report's columns leave here,
    // never the answers other questions keep on the same person (visitors and investors see these rows).
    const values: Record<string, string> = {};
    for (const column of columns) if (row.values[column] !== undefined) values[column] = row.values[column];
    if (columns[0]) values[columns[0]] = row.name;
    byReport.get(key)?.push({
      resource_id: row.resource_id,
      created_at: new Date(row.created_at).toISOString(),
      values,
    });
  }
  return byReport;
}

export const rowsOf = (rows: Map<string, ReportRow[]>, d: ReportDefinition) =>
  rows.get(`${d.accountId}:${d.key}`) ?? [];

/** The rows whose email columns hold one of the addresses (lower-cased). */
export function ownRows(d: ReportDefinition, rows: readonly ReportRow[], emails: ReadonlySet<string>) {
  return rows.filter((row) =>
    d.emailKeys.some((key) => emails.has((row.values[key] ?? '').trim().toLowerCase())),
  );
}

/** A shared report's chosen rows (metadata.resource_id); none chosen means all. */
export function chosenRows(rows: readonly ReportRow[], resourceIds: readonly number[]) {
  if (resourceIds.length === 0) return [...rows];
  const chosen = new Set(resourceIds);
  return rows.filter((row) => chosen.has(row.resource_id));
}

/**
 * Rows as they may leave the workspace (a visitor, an investor): a social security number only by its
 * last 4 digits, which is all the table shows (spec 3 §5), so the whole number never reaches the browser.
 */
export function maskedRows(d: ReportDefinition, rows: readonly ReportRow[]): ReportRow[] {
  const secret = d.columns.filter((c) => c.type === 'social_security').map((c) => c.key);
  if (secret.length === 0) return [...rows];
  return rows.map((row) => {
    const values = { ...row.values };
    for (const key of secret) if (values[key]) values[key] = values[key].replace(/\D/g, '').slice(-4);
    return { ...row, values };
  });
}
