import type { StaffBrandView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import {
  assertHostnameFree,
  type BrandInput,
  brandColumns,
  claimingHostname,
} from '../brand/brand-fields.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffBrand } from './presenters.ts';
import { recordStaffAction } from './record-staff-action.ts';

/** POST /api/staff/brands */
export async function createBrand({
  tx,
  actor,
  input,
  ip,
}: {
  tx: Tx;
  actor: UserActor;
  input: BrandInput;
  ip?: string;
}): Promise<StaffBrandView> {
  authorizeStaff(actor);
  await assertHostnameFree(tx, input.hostname);
  const [brand] = await claimingHostname(() => tx.insert(brands).values(brandColumns(input)).returning());
  await recordStaffAction(
    tx,
    actor,
    'brand_created',
    { brand_id: brand.id, hostname: brand.hostname },
    { ip },
  );
  return presentStaffBrand(brand);
}
