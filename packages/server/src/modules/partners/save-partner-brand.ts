import { PARTNER_BRAND_NOT_SET_UP, type partnerBrandBody } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { brandDisplayColumns } from '../brand/brand-fields.ts';
import { presentPartnerBrand } from './get-partner-brand.ts';
import { authorizeTeamChange } from './policies.ts';
import { findTeamMembership } from './scope.ts';

/**
 * PUT /api/user/partner/{partnerId}/brand: the team's admins keep their brand's name, logo, support address
 * and assets. Its hostname and web address, where every emailed link of the brand points, are set by staff
 * (the staff console), who also create it: a partner may not aim password and signing links at a domain of
 * its choosing, nor claim a hostname.
 */
export async function savePartnerBrand({
  tx,
  actor,
  partnerId,
  input,
}: {
  tx: Tx;
  actor: UserActor;
  partnerId: number;
  input: z.output<typeof partnerBrandBody>;
}) {
  const team = await findTeamMembership(tx, actor, partnerId);
  authorizeTeamChange(actor, team);
  if (team.partner.brandId === null) throw new AppError('CONFLICT', PARTNER_BRAND_NOT_SET_UP);
  const [saved] = await tx
    .update(brands)
    .set(brandDisplayColumns(input))
    .where(eq(brands.id, team.partner.brandId))
    .returning();
  return presentPartnerBrand(saved ?? null);
}
