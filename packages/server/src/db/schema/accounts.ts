import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyName: text('company_name').notNull(),
  roleId: integer('role_id').notNull().default(1),
  accountGroup: text('account_group'),
  logoUrl: text('logo_url'),
  assets: jsonb('assets').$type<Record<string, unknown>>().notNull().default({}),
  userLimit: integer('user_limit').notNull().default(2),
  hidePoweredBy: boolean('hide_powered_by').notNull().default(false),
  brandId: integer('brand_id'),
  createdBy: integer('created_by').references(() => users.id),
  /** The member who owns the workspace: always an admin, never removed; PATCH /api/account/change_owner/{id}. */
  ownerId: integer('owner_id').references(() => users.id),
  /** The member who signs for the workspace (PATCH /api/account/signatory/{id}); null until chosen. */
  signatoryId: integer('signatory_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The sequence number of the workspace's last live event (live_events.seq). */
  liveSeq: integer('live_seq').notNull().default(0),
});

export const accountFeatures = pgTable(
  'account_features',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    featureTypeId: integer('feature_type_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.featureTypeId] })],
);

export const memberships = pgTable(
  'memberships',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** May use the file cabinet of this workspace (spec 1 §3's filecabinet_access, per workspace). */
    filecabinetAccess: boolean('filecabinet_access').notNull().default(true),
    /** Who added this member (null for the workspace's creator). */
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    preferred: boolean('preferred').notNull().default(false),
    accountOrder: integer('account_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Held back by the review of a taken-over account (takeoverItems): no access until kept. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** When the member first opened the workspace themselves; until then others see only the invitation. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The name the inviter typed, shown until the member accepts (never another workspace's). */
    invitedFirstName: text('invited_first_name'),
    invitedFamilyName: text('invited_family_name'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/**
 * What an account's registration set up before its address was proven, listed for the address's owner
 * once they prove it (modules/auth/takeover): a workspace it created (`workspace`), a membership it
 * granted (`membership`, target = the member's user id, suspended meanwhile), a cabinet shared link
 * (`shared_link`, target = shared_links.id) or a personal room link (`room_code`, target = room_codes.id).
 * A row goes when its owner keeps or removes it.
 */
export const takeoverItems = pgTable(
  'takeover_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'workspace' | 'membership' | 'shared_link' | 'room_code'>().notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    targetId: integer('target_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('takeover_items_user_idx').on(t.userId)],
);
