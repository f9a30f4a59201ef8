import type { StaffBrandView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import {
  assertHostnameFree,
  type BrandInput,
  brandColumns,
  claimingHostname,
} from '../brand/brand-fields.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffBrand } from './presenters.ts';
import { recordStaffAction } from './record-staff-action.ts';

/** PUT /api/staff/brands/{id}: every field at once, as the form sends it. */
export async function updateBrand({
  tx,
  actor,
  id,
  input,
  ip,
}: {
  tx: Tx;
  actor: UserActor;
  id: number;
  input: BrandInput;
  ip?: string;
}): Promise<StaffBrandView> {
  authorizeStaff(actor);
  const [before] = await tx.select().from(brands).where(eq(brands.id, id)).limit(1);
  if (!before) throw notFound('No such brand');
  await assertHostnameFree(tx, input.hostname, id);
  const [brand] = await claimingHostname(() =>
    tx.update(brands).set(brandColumns(input)).where(eq(brands.id, id)).returning(),
  );
  await recordStaffAction(
    tx,
    actor,
    'brand_updated',
    { brand_id: id, hostname: brand.hostname, previous_hostname: before.hostname },
    { ip },
  );
  return presentStaffBrand(brand);
}
