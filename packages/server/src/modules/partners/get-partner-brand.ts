import type { PartnerBrandView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Brand } from '../brand/scope.ts';
import { authorizeTeamAdmin } from './policies.ts';
import { findTeamMembership } from './scope.ts';

export const presentPartnerBrand = (brand: Brand | null): PartnerBrandView => ({
  brand: brand && {
    hostname: brand.hostname,
    display_name: brand.displayName,
    legal_name: brand.legalName,
    logo_url: brand.logoUrl,
    support_email: brand.supportEmail,
    web_base_url: brand.webBaseUrl,
    assets: brand.assets,
  },
});

/** GET /api/user/partner/{partnerId}/brand: the partner's brand for its admins (null when it has none). */
export async function getPartnerBrand({
  tx,
  actor,
  partnerId,
}: {
  tx: Tx;
  actor: UserActor;
  partnerId: number;
}) {
  const team = await findTeamMembership(tx, actor, partnerId);
  authorizeTeamAdmin(team);
  if (team.partner.brandId === null) return presentPartnerBrand(null);
  const [brand] = await tx.select().from(brands).where(eq(brands.id, team.partner.brandId)).limit(1);
  return presentPartnerBrand(brand ?? null);
}
