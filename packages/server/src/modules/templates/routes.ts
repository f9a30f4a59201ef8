import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projectTemplates } from '../../db/schema/index.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { visibleTemplates } from '../workflows/policies.ts';

type Row = typeof projectTemplates.$inferSelect;

function presentProjectTemplate(row: Row) {
  const definition = row.definition as { faqs?: unknown[]; prerequisites?: unknown[] };
  return {
    id: row.id,
    label: row.label,
    area: row.area,
    module_id: row.moduleId,
    is_repeatable: row.isRepeatable,
    is_assessment: row.isAssessment,
    description: row.description,
    faqs: definition.faqs ?? [],
    prerequisites: definition.prerequisites ?? [],
  };
}

export async function templateRoutes(app: App, ctx: AppContext) {
  app.get('/api/account/project_template', { schema: { tags: ['workflows'] } }, async (request) => {
    const actor = await authenticateAccount(ctx, request);
    const rows = await ctx.db
      .select()
      .from(projectTemplates)
      .where(visibleTemplates(actor))
      .orderBy(asc(projectTemplates.area), asc(projectTemplates.label));
    return rows.map(presentProjectTemplate);
  });
}
