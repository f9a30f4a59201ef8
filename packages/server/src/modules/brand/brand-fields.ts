import { BRAND_HOSTNAME_TAKEN, type brandBody } from '@charter/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { type BrandAssets, brands } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

export type BrandInput = z.output<typeof brandBody>;

const hostnameTaken = () =>
  new AppError('CONFLICT', BRAND_HOSTNAME_TAKEN, { hostname: BRAND_HOSTNAME_TAKEN });

/** A hostname names one brand (the brand answers by Host): refused with the field's message. */
export async function assertHostnameFree(tx: Tx, hostname: string, exceptId?: number | null) {
  const [other] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(
        eq(sql`lower(${brands.hostname})`, hostname.toLowerCase()),
        exceptId ? ne(brands.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw hostnameTaken();
}

/** A write that lost the race for a hostname to another one committed meanwhile answers as taken. */
export async function claimingHostname<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgError(error)?.code === '23505') throw hostnameTaken();
    throw error;
  }
}

/** Stored assets keep only what is set: a cleared field (null or '') is left out. */
export function cleanAssets(assets: BrandInput['assets']): BrandAssets {
  const kept = Object.entries(assets).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return Object.fromEntries(kept.map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as BrandAssets;
}

/** The columns of the fields every brand form sends (hostname and web address are staff's alone). */
export const brandDisplayColumns = (input: Omit<BrandInput, 'hostname' | 'web_base_url'>) => ({
  displayName: input.display_name,
  legalName: input.legal_name,
  supportEmail: input.support_email,
  logoUrl: input.logo_url,
  assets: cleanAssets(input.assets),
});

export const brandColumns = (input: BrandInput) => ({
  ...brandDisplayColumns(input),
  hostname: input.hostname,
  webBaseUrl: input.web_base_url,
});
