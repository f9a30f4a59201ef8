import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projectTemplates } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { ProjectTemplate } from '../templates/library-schema.ts';

/** A project template as stored at start: the library's definition plus the bodies its tasks generate. */
export type StoredTemplate = ProjectTemplate & { bodies: Record<string, string> };
export type TransactionTemplate = ProjectTemplate['transactions'][number];
export type TaskTemplate = TransactionTemplate['tasks'][number];

/** A question default that stands for the workspace's own name, filled in when the workflow starts. */
export const WORKSPACE_NAME_DEFAULT = '{{account.company_name}}';

export async function loadTemplate(tx: Tx, id: string): Promise<StoredTemplate> {
  const [row] = await tx
    .select({ definition: projectTemplates.definition })
    .from(projectTemplates)
    .where(eq(projectTemplates.id, id));
  if (!row) throw notFound('Workflow template not found');
  return row.definition as unknown as StoredTemplate;
}

/** The templates of many projects at once (lists), by id. */
export async function loadTemplates(tx: Tx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await tx
        .select({ id: projectTemplates.id, definition: projectTemplates.definition })
        .from(projectTemplates)
        .where(inArray(projectTemplates.id, unique))
    : [];
  return new Map(rows.map((row) => [row.id, row.definition as unknown as StoredTemplate]));
}

export function transactionTemplateOf(template: StoredTemplate, key: string): TransactionTemplate {
  const found = template.transactions.find((t) => t.id === key);
  if (!found) throw notFound('Task group template not found');
  return found;
}

export function taskTemplateOf(transaction: TransactionTemplate, key: string): TaskTemplate {
  const found = transaction.tasks.find((t) => t.id === key);
  if (!found) throw notFound('Task template not found');
  return found;
}
