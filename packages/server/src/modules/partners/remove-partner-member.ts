import { PARTNER_MEMBER_REMOVED, PARTNER_ROLE } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { partnerAccounts, partnerMembers } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { dropDepartedCounsel } from '../workflows/drop-departed-counsel.ts';
import { authorizeTeamChange, refuseLastAdmin } from './policies.ts';
import { adminCount, findTeamMember, findTeamMembership } from './scope.ts';

/** DELETE /api/user/partner/{partnerId}/{userId}: a team admin removes someone (themselves too, unless last). */
export async function removePartnerMember({
  tx,
  actor,
  partnerId,
  userId,
}: {
  tx: Tx;
  actor: UserActor;
  partnerId: number;
  userId: number;
}) {
  const team = await findTeamMembership(tx, actor, partnerId);
  authorizeTeamChange(actor, team);
  const member = await findTeamMember(tx, partnerId, userId);
  refuseLastAdmin(member.roleId === PARTNER_ROLE.ADMIN, await adminCount(tx, partnerId, PARTNER_ROLE.ADMIN));
  await tx
    .delete(partnerMembers)
    .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, userId)));
  const clients = await tx
    .select({ accountId: partnerAccounts.accountId })
    .from(partnerAccounts)
    .where(eq(partnerAccounts.partnerId, partnerId));
  await dropDepartedCounsel(
    tx,
    clients.map((c) => c.accountId),
  );
  return { message: PARTNER_MEMBER_REMOVED };
}
