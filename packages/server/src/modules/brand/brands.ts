import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';

export type Brand = typeof brands.$inferSelect;

/** Used when a brand names no support address of its own. */
export const FALLBACK_SUPPORT_EMAIL = 'support@charter.local';

const hostnameOf = (host: string | undefined) =>
  (host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');

/** The brand of a request's Host header, else the default brand. One query. */
export async function findBrandForHost(tx: Tx, host: string | undefined): Promise<Brand | null> {
  const hostname = hostnameOf(host);
  const [brand] = await tx
    .select()
    .from(brands)
    .where(sql`${brands.hostname} = ${hostname} or ${brands.isDefault}`)
    .orderBy(sql`${brands.hostname} = ${hostname} desc`)
    .limit(1);
  return brand ?? null;
}

export async function findBrandByHostname(tx: Tx, hostname: string) {
  const [brand] = await tx.select().from(brands).where(eq(brands.hostname, hostname)).limit(1);
  return brand ?? null;
}

export function presentBrand(brand: Brand | null) {
  if (!brand) {
    return {
      hostname: 'localhost',
      support_email: FALLBACK_SUPPORT_EMAIL,
      display_name: 'Charter',
      legal_name: 'Charter',
      logo_url: null,
      web_base_url: '',
      assets: {},
    };
  }
  return {
    hostname: brand.hostname,
    support_email: brand.supportEmail ?? FALLBACK_SUPPORT_EMAIL,
    display_name: brand.displayName,
    legal_name: brand.legalName,
    logo_url: brand.logoUrl,
    web_base_url: brand.webBaseUrl,
    assets: brand.assets,
  };
}
