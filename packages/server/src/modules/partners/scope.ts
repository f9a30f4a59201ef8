import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, partnerAccounts, partnerMembers, partners, users } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';

export type PartnerRow = typeof partners.$inferSelect;
export type TeamMembership = { partner: PartnerRow; roleId: number };

export const TEAM_NOT_FOUND = 'Team not found';

/**
 * When a row of partner_members counts (grants the team's rights, and through the team its clients'
 * workspaces): only once its user has proven their address (users.email_verified_at). Someone added by an
 * address they registered without owning it gets nothing until the owner proves it (which wipes the
 * prepared account). Every query that decides "is this user on this team" uses this condition; lists of
 * the team's people (membersOf) and an admin's changes to a person (findTeamMember) do not.
 */
export const provenTeamMember = sql`exists (
  select 1 from ${users} proven
   where proven.id = ${partnerMembers.userId} and proven.email_verified_at is not null)`;

/**
 * The actor's own membership of one partner team: the tenant check of every team route. Someone outside
 * the team learns nothing about it (404, as for a partner that does not exist).
 */
export async function findTeamMembership(tx: Tx, actor: Actor, partnerId: number): Promise<TeamMembership> {
  const [row] = await tx
    .select({ partner: partners, roleId: partnerMembers.roleId })
    .from(partnerMembers)
    .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
    .where(
      and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, actor.userId), provenTeamMember),
    )
    .limit(1);
  if (!row) throw notFound(TEAM_NOT_FOUND);
  return row;
}

/** Every team the user belongs to (provenTeamMember), by name. */
export function teamsOf(tx: Tx, userId: number) {
  return tx
    .select({ partner: partners, roleId: partnerMembers.roleId })
    .from(partnerMembers)
    .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
    .where(and(eq(partnerMembers.userId, userId), provenTeamMember))
    .orderBy(asc(partners.name), asc(partners.id));
}

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.familyName})`;

/** The people of these teams, in one query. */
export function membersOf(tx: Tx, partnerIds: number[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      partnerId: partnerMembers.partnerId,
      userId: users.id,
      name: fullName,
      email: users.email,
      roleId: partnerMembers.roleId,
    })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(inArray(partnerMembers.partnerId, partnerIds))
    .orderBy(asc(partnerMembers.roleId), asc(users.email));
}

/** The client workspaces of these teams, in one query. */
export function clientsOf(tx: Tx, partnerIds: number[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      partnerId: partnerAccounts.partnerId,
      id: accounts.id,
      name: accounts.companyName,
      connectedAt: partnerAccounts.createdAt,
    })
    .from(partnerAccounts)
    .innerJoin(accounts, eq(accounts.id, partnerAccounts.accountId))
    .where(inArray(partnerAccounts.partnerId, partnerIds))
    .orderBy(asc(accounts.companyName), asc(accounts.id));
}

/** A connect code as clients type it: case and surrounding spaces do not matter. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

export async function findPartnerByCode(tx: Tx, code: string): Promise<PartnerRow | null> {
  const [row] = await tx
    .select()
    .from(partners)
    .where(eq(partners.code, normalizeCode(code)))
    .limit(1);
  return row ?? null;
}

/** The partners a workspace is connected to, with when. */
export function connectionsOf(tx: Tx, accountId: number) {
  return tx
    .select({ partner: partners, connectedAt: partnerAccounts.createdAt })
    .from(partnerAccounts)
    .innerJoin(partners, eq(partners.id, partnerAccounts.partnerId))
    .where(eq(partnerAccounts.accountId, accountId))
    .orderBy(asc(partners.name), asc(partners.id));
}

/**
 * How many admins a team has (the last one stays), counted under a lock of the partner's row: two admins
 * removing or demoting each other at once are taken one after the other, so one of them is refused.
 */
export async function adminCount(tx: Tx, partnerId: number, adminRoleId: number) {
  await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)).for('update');
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(partnerMembers)
    .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.roleId, adminRoleId)));
  return row?.n ?? 0;
}

/** Another member of the team, or 404. */
export async function findTeamMember(tx: Tx, partnerId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(partnerMembers)
    .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Member not found');
  return row;
}
