import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projectTemplates } from '../../db/schema/index.ts';
import { LIBRARY_DIR, loadLibrary } from './load-library.ts';

/**
 * Loads the library into `project_templates` at start: inserts new templates, updates changed ones, leaves
 * the rest untouched (idempotent, safe with several instances starting together).
 */
export async function syncTemplateLibrary(ctx: AppContext, dir = LIBRARY_DIR) {
  const { templates, bodies, problems } = loadLibrary(dir);
  for (const problem of problems) ctx.log.error({ problem }, 'template library problem');
  if (templates.length === 0) return 0;
  const rows = templates.map((template) => {
    const own = template.transactions.flatMap((t) => t.tasks.flatMap((k) => k.variants.map((v) => v.body)));
    const definition = { ...template, bodies: Object.fromEntries(own.map((b) => [b, bodies.get(b) ?? ''])) };
    return {
      id: template.id,
      label: template.label,
      area: template.area,
      moduleId: template.module_id,
      isRepeatable: template.is_repeatable,
      isAssessment: template.is_assessment,
      description: template.description,
      definition,
      contentHash: createHash('sha256').update(JSON.stringify(definition)).digest('hex'),
    };
  });
  await ctx.db
    .insert(projectTemplates)
    .values(rows)
    .onConflictDoUpdate({
      target: projectTemplates.id,
      set: {
        label: sql`excluded.label`,
        area: sql`excluded.area`,
        moduleId: sql`excluded.module_id`,
        isRepeatable: sql`excluded.is_repeatable`,
        isAssessment: sql`excluded.is_assessment`,
        description: sql`excluded.description`,
        definition: sql`excluded.definition`,
        contentHash: sql`excluded.content_hash`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${projectTemplates.contentHash} <> excluded.content_hash`,
    });
  return rows.length;
}
