import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The template library as loaded at start: one row per project template id, updated when its file changes. */
export const projectTemplates = pgTable('project_templates', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  area: text('area').notNull(),
  moduleId: integer('module_id').notNull(),
  isRepeatable: boolean('is_repeatable').notNull(),
  isAssessment: boolean('is_assessment').notNull(),
  description: text('description').notNull(),
  definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
  contentHash: text('content_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
