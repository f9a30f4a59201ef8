import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { brands } from './brands.ts';
import { users } from './users.ts';

/**
 * A partner: a firm (law firm, fund administrator, accelerator) with a team of its own people and client
 * workspaces. Its slug is the partner slug (feature 1583) and the access token's `partners` claim of its
 * clients; its code is what a client enters to connect (spec 1 §7, /api/public/partner/code/{code}).
 */
export const partners = pgTable('partners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  /** The connect code a client enters on its Workspace Partners page; unique, case-insensitive upper. */
  code: text('code').notNull().unique(),
  /** The partner's own brand (hostname, name, logo...), administered by its admins and by staff. */
  brandId: integer('brand_id')
    .unique()
    .references(() => brands.id, { onDelete: 'set null' }),
  /** Billing flags (spec 1 §3 Partner): billing reads them. */
  coversCredits: boolean('covers_credits').notNull().default(false),
  coversFees: boolean('covers_fees').notNull().default(false),
  excludesFees: boolean('excludes_fees').notNull().default(false),
  stripeDomain: text('stripe_domain'),
  /** The partner's CRM single sign-on: an OpenID Connect issuer shown as a button on its brand's login page. */
  oidcIssuer: text('oidc_issuer'),
  oidcClientId: text('oidc_client_id'),
  oidcClientSecret: text('oidc_client_secret'),
  oidcLabel: text('oidc_label'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The partner's team: role_id PARTNER_ROLE (domain), changeable by the team's admins. */
export const partnerMembers = pgTable(
  'partner_members',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().default(2),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.userId] }), index('partner_members_user_idx').on(t.userId)],
);

/** A partner's client workspaces, connected by the client's admin with the partner's code. */
export const partnerAccounts = pgTable(
  'partner_accounts',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.accountId] }),
    index('partner_accounts_account_idx').on(t.accountId),
  ],
);
