import type { StaffPartnerView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { listPartners } from './list-partners.ts';
import { assertPartnerFieldsFree, type PartnerInput, partnerColumns } from './partner-fields.ts';
import { authorizeStaff } from './policies.ts';
import { recordStaffAction } from './record-staff-action.ts';

/** PUT /api/staff/partners/{id}: every field as the form sends it; no code keeps the current one. */
export async function updatePartner({
  tx,
  actor,
  id,
  input,
  ip,
}: {
  tx: Tx;
  actor: UserActor;
  id: number;
  input: PartnerInput;
  ip?: string;
}): Promise<StaffPartnerView> {
  authorizeStaff(actor);
  const [before] = await tx.select().from(partners).where(eq(partners.id, id)).limit(1);
  if (!before) throw notFound('No such partner');
  const code = input.code ?? before.code;
  await assertPartnerFieldsFree(tx, { slug: input.slug, code, brandId: input.brand_id ?? null }, id);
  await tx.update(partners).set(partnerColumns(input, code)).where(eq(partners.id, id));
  await recordStaffAction(tx, actor, 'partner_updated', { partner_id: id, slug: input.slug }, { ip });
  const [view] = await listPartners({ tx, actor, id });
  return view;
}
