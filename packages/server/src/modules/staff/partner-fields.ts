import { type staffPartnerBody, VERIFICATION_CODE_ALPHABET } from '@charter/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { randomCode } from '../../adapters/secrets.ts';
import type { Tx } from '../../db/client.ts';
import { brands, partnerAccounts, partnerMembers, partners } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';

export type PartnerInput = z.output<typeof staffPartnerBody>;

const PARTNER_CODE_LENGTH = 8;
export const slugTaken = (slug: string) => `Another partner already uses the slug ${slug}.`;
export const codeTaken = (code: string) => `Another partner already uses the code ${code}.`;
export const BRAND_TAKEN = 'That brand already belongs to another partner.';

/** The connect code a client enters: from a CSPRNG, in letters people do not confuse. */
export const generatePartnerCode = () => randomCode(VERIFICATION_CODE_ALPHABET, PARTNER_CODE_LENGTH);

const conflict = (field: string, message: string) => new AppError('CONFLICT', message, { [field]: message });

/** Slug, code and brand each name one partner; the brand must exist. */
export async function assertPartnerFieldsFree(
  tx: Tx,
  input: { slug: string; code: string; brandId: number | null },
  exceptId?: number,
) {
  const others = exceptId ? ne(partners.id, exceptId) : undefined;
  const taken = (match: SQL | undefined) =>
    tx
      .select({ id: partners.id })
      .from(partners)
      .where(and(match, others))
      .limit(1)
      .then((rows) => rows.length > 0);
  if (await taken(eq(partners.slug, input.slug))) throw conflict('slug', slugTaken(input.slug));
  if (await taken(eq(partners.code, input.code))) throw conflict('code', codeTaken(input.code));
  if (input.brandId !== null) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
    if (!brand) throw notFound('No such brand');
    if (await taken(eq(partners.brandId, input.brandId))) throw conflict('brand_id', BRAND_TAKEN);
  }
}

export const partnerColumns = (input: PartnerInput, code: string) => ({
  name: input.name,
  slug: input.slug,
  code,
  brandId: input.brand_id ?? null,
  coversCredits: input.covers_credits,
  coversFees: input.covers_fees,
  excludesFees: input.excludes_fees,
  stripeDomain: input.stripe_domain,
});

/** Partner rows with their brand's hostname and their team and client counts, one query. */
export const partnerListColumns = {
  partner: partners,
  brandHostname: brands.hostname,
  memberCount: sql<number>`(select count(*)::int from ${partnerMembers} pm where pm.partner_id = ${partners.id})`,
  accountCount: sql<number>`(select count(*)::int from ${partnerAccounts} pa where pa.partner_id = ${partners.id})`,
};
