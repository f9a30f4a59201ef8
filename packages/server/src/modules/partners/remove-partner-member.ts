import { PARTNER_MEMBER_REMOVED, PARTNER_ROLE } from '@charter/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { oidcIdentities, partnerAccounts, partnerMembers } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { dropDepartedCounsel } from '../workflows/drop-departed-counsel.ts';
import { authorizeTeamChange, refuseLastAdmin } from './policies.ts';
import { adminCount, findTeamMember, findTeamMembership } from './scope.ts';

/**
 * DELETE /api/user/partner/{partnerId}/{userId}: a team admin removes someone (themselves too, unless last).
 * Their workflow roles in the partner's clients go, and so does the link of their account to the partner's
 * CRM sign-in: the partner keeps its CRM, not a key to a former member's account.
 */
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
  const issuer = team.partner.oidcIssuer;
  if (issuer) {
    await tx
      .delete(oidcIdentities)
      .where(
        and(
          eq(oidcIdentities.userId, userId),
          sql`rtrim(${oidcIdentities.issuer}, '/') = rtrim(${issuer}, '/')`,
        ),
      );
  }
  return { message: PARTNER_MEMBER_REMOVED };
}
