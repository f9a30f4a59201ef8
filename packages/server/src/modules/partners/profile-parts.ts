import type { ProfileCounselView, ProfilePartnerView, ProfileTeamView } from '@charter/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberships, partnerAccounts, partnerMembers, partners, users } from '../../db/schema/index.ts';
import { activeMembership } from '../accounts/memberships.ts';
import { provenTeamMember, teamsOf } from './scope.ts';

/**
 * The profile's partner parts (spec 1 §3 Profile): the user's partner memberships with their role_id (as
 * `partners` and as `teams`), and as `counsels` the partners' people who serve the user's workspaces.
 */
export async function profilePartnerParts(
  tx: Tx,
  userId: number,
): Promise<{ partners: ProfilePartnerView[]; teams: ProfileTeamView[]; counsels: ProfileCounselView[] }> {
  const myAccounts = tx
    .select({ id: memberships.accountId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), activeMembership));
  const [teams, counsels] = await Promise.all([
    teamsOf(tx, userId),
    tx
      .selectDistinct({
        user_id: users.id,
        full_name: sql<string>`trim(${users.firstName} || ' ' || ${users.familyName})`,
        email: users.email,
        partner_id: partners.id,
        partner_name: partners.name,
      })
      .from(partnerAccounts)
      .innerJoin(partners, eq(partners.id, partnerAccounts.partnerId))
      .innerJoin(partnerMembers, eq(partnerMembers.partnerId, partners.id))
      .innerJoin(users, eq(users.id, partnerMembers.userId))
      .where(and(inArray(partnerAccounts.accountId, myAccounts), ne(users.id, userId), provenTeamMember))
      .orderBy(asc(partners.name), asc(partners.id), asc(users.email), asc(users.id)),
  ]);
  return {
    partners: teams.map((t) => ({
      partner_id: t.partner.id,
      name: t.partner.name,
      slug: t.partner.slug,
      role_id: t.roleId,
    })),
    teams: teams.map((t) => ({ id: t.partner.id, name: t.partner.name, role_id: t.roleId })),
    counsels,
  };
}
