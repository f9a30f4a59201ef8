import type { StaffBrandView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffBrand } from './presenters.ts';

/** GET /api/staff/brands */
export async function listBrands({ tx, actor }: { tx: Tx; actor: UserActor }): Promise<StaffBrandView[]> {
  authorizeStaff(actor);
  const rows = await tx.select().from(brands).orderBy(brands.id);
  return rows.map(presentStaffBrand);
}
