import type { StaffUserPage } from '@charter/domain';
import { eq, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffUser } from './presenters.ts';
import { containsPattern, countAll, idOf, pageWindow } from './scope.ts';

/** GET /api/staff/users: by email, name or id, newest first. */
export async function searchUsers({
  tx,
  actor,
  q,
  page,
}: {
  tx: Tx;
  actor: UserActor;
  q?: string;
  page: number;
}): Promise<StaffUserPage> {
  authorizeStaff(actor);
  const pattern = q ? containsPattern(q) : null;
  const id = q ? idOf(q) : null;
  const where = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.familyName}`, pattern),
        id ? eq(users.id, id) : undefined,
      )
    : undefined;
  const { limit, offset } = pageWindow(page);
  const rows = await tx
    .select()
    .from(users)
    .where(where)
    .orderBy(sql`${users.id} desc`)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await tx.select({ total: countAll }).from(users).where(where);
  return { items: rows.map(presentStaffUser), page, page_size: limit, total };
}
