import type { StaffAccountDetail } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, brands, memberships, users } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { authorizeStaff } from './policies.ts';
import { presentStaffAccount } from './presenters.ts';

/** GET /api/staff/accounts/{id}: the workspace and its members. */
export async function getAccount({
  tx,
  actor,
  id,
}: {
  tx: Tx;
  actor: UserActor;
  id: number;
}): Promise<StaffAccountDetail> {
  authorizeStaff(actor);
  const [row] = await tx
    .select({ account: accounts, brandHostname: brands.hostname })
    .from(accounts)
    .leftJoin(brands, eq(brands.id, accounts.brandId))
    .where(eq(accounts.id, id))
    .limit(1);
  if (!row) throw notFound('No such workspace');
  const members = await tx
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, id))
    .orderBy(users.email);
  return {
    ...presentStaffAccount(row.account, { brandHostname: row.brandHostname, memberCount: members.length }),
    members: members.map(({ user, membership }) => ({
      user_id: user.id,
      email: user.email,
      first_name: user.firstName,
      family_name: user.familyName,
      is_admin: membership.isAdmin,
      is_owner: row.account.ownerId === user.id,
    })),
  };
}
