import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { brands, partnerMembers, partners } from '../../db/schema/index.ts';
import { hostnameOf } from '../brand/scope.ts';
import { provenTeamMember } from '../partners/scope.ts';

export type PartnerRow = typeof partners.$inferSelect;
type BrandRow = typeof brands.$inferSelect;
export type PartnerWithBrand = { partner: PartnerRow; brand: BrandRow | null };

/** A partner and its brand, by id. */
export async function findPartner(tx: Tx, partnerId: number): Promise<PartnerWithBrand | null> {
  const [row] = await tx
    .select({ partner: partners, brand: brands })
    .from(partners)
    .leftJoin(brands, eq(brands.id, partners.brandId))
    .where(eq(partners.id, partnerId))
    .limit(1);
  return row ?? null;
}

/** The user's place on the partner's team, or null (also while it waits for their proof of address). */
export async function findPartnerMember(tx: Tx, partnerId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(partnerMembers)
    .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, userId), provenTeamMember))
    .limit(1);
  return row ?? null;
}

/**
 * The partner whose brand is exactly the request's Host (never the default brand a strange Host falls
 * back to) and whose single sign-on is configured; by slug when one is given. One query.
 */
export async function findSsoPartnerAtHost(
  tx: Tx,
  host: string | undefined,
  slug?: string,
): Promise<{ partner: PartnerRow; brand: BrandRow } | null> {
  const [row] = await tx
    .select({ partner: partners, brand: brands })
    .from(partners)
    .innerJoin(brands, eq(brands.id, partners.brandId))
    .where(
      and(
        eq(brands.hostname, hostnameOf(host)),
        slug === undefined ? undefined : eq(partners.slug, slug),
        isNotNull(partners.oidcIssuer),
        isNotNull(partners.oidcClientId),
        isNotNull(partners.oidcClientSecret),
      ),
    )
    .limit(1);
  return row ?? null;
}
