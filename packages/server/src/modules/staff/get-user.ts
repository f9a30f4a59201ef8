import type { StaffUserDetail } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, users } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffUser } from './presenters.ts';

/** GET /api/staff/users/{id}: the user and every workspace they belong to. */
export async function getUser({
  tx,
  actor,
  id,
}: {
  tx: Tx;
  actor: UserActor;
  id: number;
}): Promise<StaffUserDetail> {
  authorizeStaff(actor);
  const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound('No such user');
  const rows = await tx
    .select({ account: accounts, membership: memberships })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, id))
    .orderBy(accounts.companyName, accounts.id);
  return {
    ...presentStaffUser(user),
    memberships: rows.map(({ account, membership }) => ({
      account_id: account.id,
      company_name: account.companyName,
      role_id: account.roleId,
      is_admin: membership.isAdmin,
      is_owner: account.ownerId === id,
    })),
  };
}
