import type { ProjectTemplateView } from '@charter/domain';
import type { projectTemplates } from '../../db/schema/index.ts';
import type { ProjectTemplate } from './library-schema.ts';

/** A project template of the library as the workflows page lists it. */
export function presentProjectTemplate(row: typeof projectTemplates.$inferSelect): ProjectTemplateView {
  const definition = row.definition as Partial<Pick<ProjectTemplate, 'faqs' | 'prerequisites'>>;
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
