import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    phone: text('phone'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordPrompted: boolean('password_prompted').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    tosAcceptedAt: timestamp('tos_accepted_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** Server-side sessions; every token names one, so revoking it cuts them all off. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    impersonatorId: integer('impersonator_id').references(() => users.id),
    /** The one workspace a remote-login (impersonated) session was opened for; null otherwise. */
    boundAccountId: integer('bound_account_id'),
    method: text('method').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Extra email addresses of a user (the primary one is users.email, priority 0). */
export const authenticators = pgTable(
  'authenticators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pubId: text('pub_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('email'),
    value: text('value').notNull(),
    priority: integer('priority').notNull().default(1),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('authenticators_user_idx').on(t.userId),
    uniqueIndex('authenticators_value_key').on(sql`lower(${t.value})`),
  ],
);

export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oidc_identities_key').on(t.issuer, t.subject)],
);

/**
 * Every email address in use, primary (users.email) or extra (authenticators.value), lower-cased, held
 * by one user at most. Kept by triggers on both tables (migration 0010), so every path that writes an
 * address is covered and two concurrent claims of one address cannot both commit.
 */
export const emailClaims = pgTable(
  'email_claims',
  {
    address: text('address').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('email_claims_user_idx').on(t.userId)],
);
