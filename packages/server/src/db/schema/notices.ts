import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

/**
 * What a member's bell keeps (modules/notices): outside activity on what they own (a form submitted,
 * a new visitor in a room, a signing completed), until they read it. One row per member told.
 */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** form_submitted, room_visited, signing_completed (NOTICE_KINDS). */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    /** Where the notice leads, inside the workspace's pages ('rooms/4'), or null. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notices_member_idx').on(t.accountId, t.userId, t.id)],
);
