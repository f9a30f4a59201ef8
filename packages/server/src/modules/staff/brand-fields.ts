import type { staffBrandBody } from '@charter/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

export type BrandInput = z.output<typeof staffBrandBody>;

export const hostnameTaken = (hostname: string) => `Another brand already uses the hostname ${hostname}.`;

/** A hostname names one brand (the brand answers by Host): refused with the field's message. */
export async function assertHostnameFree(tx: Tx, hostname: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.hostname, hostname), exceptId ? ne(brands.id, exceptId) : undefined))
    .limit(1);
  if (other) throw new AppError('CONFLICT', hostnameTaken(hostname), { hostname: hostnameTaken(hostname) });
}

export const brandColumns = (input: BrandInput) => ({
  hostname: input.hostname,
  displayName: input.display_name,
  legalName: input.legal_name,
  supportEmail: input.support_email,
  logoUrl: input.logo_url,
  webBaseUrl: input.web_base_url,
  assets: Object.fromEntries(Object.entries(input.assets).filter(([, v]) => v !== null && v !== undefined)),
});
