import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One-time secrets sent by email: six-digit confirmation codes, 8-character challenges (magic link),
 * password-reset links and email-authenticator codes. Only a hash of the secret is stored. A challenge
 * mailed to an address nobody holds has no user: redeeming it proves the address and makes the user.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    receiptHash: text('receipt_hash'),
    state: text('state'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_user_idx').on(t.userId, t.purpose),
    index('one_time_codes_email_idx').on(sql`lower(${t.email})`, t.purpose, t.createdAt),
  ],
);
