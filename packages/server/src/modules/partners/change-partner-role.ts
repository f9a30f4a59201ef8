import { PARTNER_ROLE, type PartnerRoleId } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { partnerMembers } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { authorizeRoleChange, refuseLastAdmin } from './policies.ts';
import { adminCount, findTeamMember, findTeamMembership } from './scope.ts';

/** PUT /api/user/partner/{partnerId}/{userId}: a team admin changes another member's role_id. */
export async function changePartnerRole({
  tx,
  actor,
  partnerId,
  userId,
  roleId,
}: {
  tx: Tx;
  actor: UserActor;
  partnerId: number;
  userId: number;
  roleId: PartnerRoleId;
}) {
  const team = await findTeamMembership(tx, actor, partnerId);
  authorizeRoleChange(actor, team, userId);
  const member = await findTeamMember(tx, partnerId, userId);
  // The actor is an admin and stays one, so this holds already; kept for when staff change roles too.
  const demoting = member.roleId === PARTNER_ROLE.ADMIN && roleId !== PARTNER_ROLE.ADMIN;
  refuseLastAdmin(demoting, await adminCount(tx, partnerId, PARTNER_ROLE.ADMIN));
  await tx
    .update(partnerMembers)
    .set({ roleId })
    .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, userId)));
  return { user_id: userId, role_id: roleId };
}
