import type { StaffPartnerView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { brands, partners } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { partnerListColumns } from './partner-fields.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffPartner } from './presenters.ts';

/** GET /api/staff/partners; `id` narrows to one (what a write answers with). */
export async function listPartners({
  tx,
  actor,
  id,
}: {
  tx: Tx;
  actor: UserActor;
  id?: number;
}): Promise<StaffPartnerView[]> {
  authorizeStaff(actor);
  const rows = await tx
    .select(partnerListColumns)
    .from(partners)
    .leftJoin(brands, eq(brands.id, partners.brandId))
    .where(id ? eq(partners.id, id) : undefined)
    .orderBy(partners.name, partners.id);
  return rows.map((row) => presentStaffPartner(row.partner, row));
}
