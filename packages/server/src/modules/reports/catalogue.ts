import type { ReportColumn } from '@charter/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { loadTemplates } from '../workflows/catalog.ts';

/**
 * A report table's definition: a resource_list question of a project template, keyed
 * `{templateId}.{questionId}` (the spec's feature_type_id). Its columns are the question's fields.
 */
export type ReportDefinition = {
  key: string;
  accountId: number;
  templateId: string;
  questionId: string;
  label: string;
  templateLabel: string;
  resourceTypeId: number;
  columns: ReportColumn[];
  /** The columns holding an email: what "the viewer's own rows" are matched on. */
  emailKeys: string[];
};

export const reportKeyOf = (templateId: string, questionId: string) => `${templateId}.${questionId}`;

/** The report tables of the workspaces named, from the templates of their projects (a few queries in all). */
export async function loadCatalogue(tx: Tx, accountIds: readonly number[]): Promise<ReportDefinition[]> {
  if (accountIds.length === 0) return [];
  const used = await tx
    .selectDistinct({ accountId: projects.accountId, templateId: projects.templateId })
    .from(projects)
    .where(
      accountIds.length === 1
        ? eq(projects.accountId, accountIds[0])
        : inArray(projects.accountId, [...accountIds]),
    )
    .orderBy(projects.accountId, projects.templateId);
  const templates = await loadTemplates(
    tx,
    used.map((row) => row.templateId),
  );
  const definitions: ReportDefinition[] = [];
  for (const { accountId, templateId } of used) {
    const template = templates.get(templateId);
    if (!template) continue;
    const seen = new Set<string>();
    for (const question of template.transactions.flatMap((t) => t.questions)) {
      if (question.type !== 'resource_list' || seen.has(question.id)) continue;
      seen.add(question.id);
      const columns = (question.fields ?? []).map((f) => ({ key: f.id, label: f.label, type: f.type }));
      definitions.push({
        key: reportKeyOf(templateId, question.id),
        accountId,
        templateId,
        questionId: question.id,
        label: question.label,
        templateLabel: template.label,
        resourceTypeId: question.resource_type ?? 0,
        columns,
        emailKeys: columns.filter((c) => c.type === 'email').map((c) => c.key),
      });
    }
  }
  return definitions;
}

/** One report of one workspace, or undefined. */
export async function findDefinition(tx: Tx, accountId: number, key: string) {
  return (await loadCatalogue(tx, [accountId])).find((d) => d.key === key);
}
