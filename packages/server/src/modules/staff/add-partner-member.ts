import type { StaffPartnerMemberView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { partnerMembers, partners } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { findUserByEmail } from '../auth/find-user.ts';
import { authorizeStaff } from './policies.ts';
import { recordStaffAction } from './record-staff-action.ts';

export const NO_SUCH_USER = 'No user has that email address; they need to sign up first.';

/**
 * POST /api/staff/partners/{id}/members: seats an existing user on a partner's team, usually its first
 * admin (who adds the rest from the Teams page). Seating someone already there changes their role.
 */
export async function addPartnerMember({
  tx,
  actor,
  partnerId,
  email,
  roleId,
  ip,
}: {
  tx: Tx;
  actor: UserActor;
  partnerId: number;
  email: string;
  roleId: number;
  ip?: string;
}): Promise<StaffPartnerMemberView> {
  authorizeStaff(actor);
  const [partner] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw notFound('No such partner');
  const user = await findUserByEmail(tx, email);
  if (!user) throw notFound(NO_SUCH_USER);
  await tx
    .insert(partnerMembers)
    .values({ partnerId, userId: user.id, roleId })
    .onConflictDoUpdate({ target: [partnerMembers.partnerId, partnerMembers.userId], set: { roleId } });
  await recordStaffAction(
    tx,
    actor,
    'partner_member_added',
    { partner_id: partnerId, user_id: user.id, role_id: roleId },
    { ip },
  );
  return { partner_id: partnerId, user_id: user.id, email: user.email, role_id: roleId };
}
