import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** ES256 signing keys, shared by every server instance through the database. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate limits and attempt counters shared by every instance on PostgreSQL (http/counters.ts): a fixed
 * window per limiter and key, which ends at resetAt.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    name: text('name').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.key] }), index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

/** Durable background work, claimed with FOR UPDATE SKIP LOCKED and retried with backoff. */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_ready_idx').on(t.status, t.runAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    action: text('action').notNull(),
    actorUserId: integer('actor_user_id'),
    impersonatorId: integer('impersonator_id'),
    accountId: integer('account_id'),
    target: jsonb('target').$type<Record<string, unknown>>().notNull().default({}),
    /** Why staff did it (remote login requires one). */
    reason: text('reason'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorUserId),
    index('audit_log_impersonator_idx').on(t.impersonatorId),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);
