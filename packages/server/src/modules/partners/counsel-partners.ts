import type { CounselPartnerOption } from '@charter/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { partnerAccounts, partnerMembers, partners, users } from '../../db/schema/index.ts';
import { provenTeamMember } from './scope.ts';

/**
 * The partners connected to a workspace and their people: who, besides the workspace's members, can
 * hold a workflow role (spec 2 §3 Counsel: allow_partner, partner.name). One query.
 */
export async function counselPartners(tx: Tx, accountId: number): Promise<CounselPartnerOption[]> {
  const rows = await tx
    .select({
      partnerId: partners.id,
      partnerName: partners.name,
      id: users.id,
      full_name: sql<string>`trim(${users.firstName} || ' ' || ${users.familyName})`,
      email: users.email,
    })
    .from(partnerAccounts)
    .innerJoin(partners, eq(partners.id, partnerAccounts.partnerId))
    .innerJoin(partnerMembers, eq(partnerMembers.partnerId, partners.id))
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(and(eq(partnerAccounts.accountId, accountId), provenTeamMember))
    .orderBy(asc(partners.name), asc(partners.id), asc(users.email));
  const byPartner = new Map<number, CounselPartnerOption>();
  for (const { partnerId, partnerName, ...person } of rows) {
    let option = byPartner.get(partnerId);
    if (!option) {
      option = { id: partnerId, name: partnerName, users: [] };
      byPartner.set(partnerId, option);
    }
    option.users.push(person);
  }
  return [...byPartner.values()];
}

/** Whether this user is one of the people of a partner connected to the workspace. */
export async function servesWorkspace(tx: Tx, accountId: number, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ userId: partnerMembers.userId })
    .from(partnerAccounts)
    .innerJoin(partnerMembers, eq(partnerMembers.partnerId, partnerAccounts.partnerId))
    .where(and(eq(partnerAccounts.accountId, accountId), eq(partnerMembers.userId, userId), provenTeamMember))
    .limit(1);
  return row !== undefined;
}
