import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

/**
 * A workspace's file cabinet shared read-only by link (spec 3 §7 /api/account/shared_link; the sidebar's
 * Share File Cabinet, whose page is `{moduleId}/share-data-room`). Like a room's general code, the link's
 * code is derived from the row's id and `code_generation` under the link secret and found again by
 * `code_hash`; a new generation ('New Data Room link created') kills the old link. A link works until
 * `expires_at`, which 'Data Room link created/extended' pushes forward. `root_path` is the cabinet folder
 * the link opens ('/' = the whole cabinet); nothing above it is reachable through the code.
 */
export const sharedLinks = pgTable(
  'shared_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The workflow module whose page made it (the spec's {moduleId}); null for the whole workspace. */
    moduleId: integer('module_id'),
    rootPath: text('root_path').notNull().default('/'),
    codeGeneration: integer('code_generation').notNull().default(1),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shared_links_account_idx').on(t.accountId)],
);
