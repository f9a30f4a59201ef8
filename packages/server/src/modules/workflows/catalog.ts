import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects, projectTemplates, type transactions } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { ProjectTemplate } from '../templates/library-schema.ts';

/** A project template as stored at start: the library's definition plus the bodies its tasks generate. */
export type StoredTemplate = ProjectTemplate & { bodies: Record<string, string> };
export type TransactionTemplate = ProjectTemplate['transactions'][number];
export type TaskTemplate = TransactionTemplate['tasks'][number];

/** A question default that stands for the workspace's own name, filled in when the workflow starts. */
export const WORKSPACE_NAME_DEFAULT = '{{account.company_name}}';

/**
 * Parsed definitions by template id, kept while their content hash stays the same: a definition can be
 * large (a 200-question form), its hash is not, so each use reads only the hash.
 */
const cache = new Map<string, { hash: string; template: StoredTemplate }>();

async function cached(tx: Tx, rows: { id: string; hash: string }[]) {
  const missing = rows.filter((row) => cache.get(row.id)?.hash !== row.hash).map((row) => row.id);
  if (missing.length > 0) {
    const loaded = await tx
      .select({
        id: projectTemplates.id,
        hash: projectTemplates.contentHash,
        definition: projectTemplates.definition,
      })
      .from(projectTemplates)
      .where(inArray(projectTemplates.id, missing));
    for (const row of loaded) {
      cache.set(row.id, { hash: row.hash, template: row.definition as unknown as StoredTemplate });
    }
  }
  return new Map(
    rows.flatMap((row) => {
      const entry = cache.get(row.id);
      return entry ? [[row.id, entry.template] as const] : [];
    }),
  );
}

export async function loadTemplate(tx: Tx, id: string): Promise<StoredTemplate> {
  const rows = await tx
    .select({ id: projectTemplates.id, hash: projectTemplates.contentHash })
    .from(projectTemplates)
    .where(eq(projectTemplates.id, id));
  const template = (await cached(tx, rows)).get(id);
  if (!template) throw notFound('Workflow template not found');
  return template;
}

/** A template whose current hash the caller has already read (beside the row that names it). */
export async function templateAt(tx: Tx, id: string, hash: string): Promise<StoredTemplate> {
  const template = (await cached(tx, [{ id, hash }])).get(id);
  if (!template) throw notFound('Workflow template not found');
  return template;
}

/** The templates of many projects at once (lists), by id. */
export async function loadTemplates(tx: Tx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, StoredTemplate>();
  const rows = await tx
    .select({ id: projectTemplates.id, hash: projectTemplates.contentHash })
    .from(projectTemplates)
    .where(inArray(projectTemplates.id, unique));
  return cached(tx, rows);
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

/** A task group's project template and its own part of it. */
export async function templateFor(tx: Tx, transaction: typeof transactions.$inferSelect) {
  const [project] = await tx
    .select({ templateId: projects.templateId })
    .from(projects)
    .where(eq(projects.id, transaction.projectId));
  const template = await loadTemplate(tx, project.templateId);
  return { template, transactionTemplate: transactionTemplateOf(template, transaction.templateKey) };
}
