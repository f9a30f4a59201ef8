import type { StaffPartnerView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { listPartners } from './list-partners.ts';
import {
  assertPartnerFieldsFree,
  generatePartnerCode,
  type PartnerInput,
  partnerColumns,
} from './partner-fields.ts';
import { authorizeStaff } from './policies.ts';
import { recordStaffAction } from './record-staff-action.ts';

/** POST /api/staff/partners: a code is generated when none is given. */
export async function createPartner({
  tx,
  actor,
  input,
  ip,
}: {
  tx: Tx;
  actor: UserActor;
  input: PartnerInput;
  ip?: string;
}): Promise<StaffPartnerView> {
  authorizeStaff(actor);
  const code = input.code ?? generatePartnerCode();
  await assertPartnerFieldsFree(tx, { slug: input.slug, code, brandId: input.brand_id ?? null });
  const [partner] = await tx.insert(partners).values(partnerColumns(input, code)).returning();
  await recordStaffAction(
    tx,
    actor,
    'partner_created',
    { partner_id: partner.id, slug: partner.slug },
    { ip },
  );
  const [view] = await listPartners({ tx, actor, id: partner.id });
  return view;
}
