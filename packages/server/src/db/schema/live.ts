import type { LiveEvent } from '@charter/domain';
import { index, integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * Who in a workspace may receive an event: everyone, its admins, or those who may see a task group of
 * this module (restricted workspaces see module 4 only). Checked for each socket when the event is sent.
 */
export type LiveAudience = {
  adminsOnly?: boolean;
  taskModuleId?: number;
  userIds?: number[];
  /** Not for members of a restricted workspace. */
  unrestrictedOnly?: boolean;
  /** Only for members who may use the file cabinet (a cabinet file sent for signature, outside any task). */
  cabinetOnly?: boolean;
};

/** The live channel's events, numbered per workspace, kept a while for clients that reconnect. */
export const liveEvents = pgTable(
  'live_events',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    event: jsonb('event').$type<LiveEvent>().notNull(),
    audience: jsonb('audience').$type<LiveAudience>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.seq] }), index('live_events_created_idx').on(t.createdAt)],
);
