import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, brands } from '../../db/schema/index.ts';

export type Brand = typeof brands.$inferSelect;

/** A Host header's name: lower case, without port or IPv6 brackets. */
export const hostnameOf = (host: string | undefined) =>
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

/** The brand a workspace was made under, else the default brand. One query. */
export async function findBrandOfAccount(tx: Tx, accountId: number): Promise<Brand | null> {
  const [brand] = await tx
    .select({ brand: brands })
    .from(brands)
    .leftJoin(accounts, and(eq(accounts.id, accountId), eq(accounts.brandId, brands.id)))
    .where(sql`${accounts.id} is not null or ${brands.isDefault}`)
    .orderBy(sql`${accounts.id} is not null desc`)
    .limit(1);
  return brand?.brand ?? null;
}

export async function findBrandByHostname(tx: Tx, hostname: string) {
  const [brand] = await tx.select().from(brands).where(eq(brands.hostname, hostname)).limit(1);
  return brand ?? null;
}
