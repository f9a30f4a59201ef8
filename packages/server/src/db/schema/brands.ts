import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type BrandAssets = {
  thumbnail?: string;
  logo_white?: string;
  logo_with_paperos?: string;
  tos_label?: string;
  tos_link?: string;
  partner_slug?: string;
  account_business_type?: string;
  show_business_types?: boolean;
  hide_paperos?: boolean;
  thumbnail_white?: string;
  title?: string;
  stripe_domain?: string;
};

export const brands = pgTable('brands', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  hostname: text('hostname').notNull().unique(),
  isDefault: boolean('is_default').notNull().default(false),
  supportEmail: text('support_email'),
  displayName: text('display_name').notNull(),
  legalName: text('legal_name').notNull(),
  logoUrl: text('logo_url'),
  webBaseUrl: text('web_base_url').notNull(),
  assets: jsonb('assets').$type<BrandAssets>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
