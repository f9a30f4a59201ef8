import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, partnerAccounts, partnerMembers } from '../../db/schema/index.ts';
import {
  type MemberActor,
  type MembershipRow,
  mayActIn,
  memberActor,
  type UserActor,
} from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { accountFeaturesJson, activeMembership, findMembership } from '../accounts/memberships.ts';
import { provenTeamMember } from './scope.ts';

/**
 * The team view (spec 1 §6, §7 To-dos): a signed-in user acts on a workspace named in the path
 * (/api/user/dashboard/_account/{accountId}/…) rather than in an access token. They may when they are a
 * member of it, or a member of a partner the workspace is connected to (its client). Both are read from
 * the database on every request, so a removed member or a disconnected partner is refused at once; a
 * membership or team place still pending its user's proof of address (activeMembership, provenTeamMember)
 * counts for nothing.
 */

/** How the user reaches the workspace: their own membership, or their partner's connection to it. */
export type ClientVia = 'member' | 'partner';

export type ClientActor = MemberActor & { via: ClientVia };

/** A workspace the user may act on from the team view, as lists need it (no membership row). */
export type ActableAccount = { accountId: number; name: string; restricted: boolean; via: ClientVia };

export const WORKSPACE_NOT_FOUND = 'Workspace not found';

/** The partners of the user connected to the workspace, as a condition on partner_accounts. */
const throughPartnerOf = (userId: number) =>
  sql`exists (select 1 from ${partnerMembers}
              where ${partnerMembers.partnerId} = ${partnerAccounts.partnerId}
                and ${partnerMembers.userId} = ${userId}
                and ${provenTeamMember})`;

/**
 * What a partner member is in a client's workspace: never an admin, no file cabinet (the cabinet and the
 * workspace's settings stay its own members'). Not a row of memberships: it exists only for this request.
 */
function partnerMembership(accountId: number, userId: number): MembershipRow {
  return {
    accountId,
    userId,
    isAdmin: false,
    filecabinetAccess: false,
    invitedBy: null,
    preferred: false,
    accountOrder: 0,
    createdAt: new Date(0),
    suspendedAt: null,
    acceptedAt: new Date(0),
    invitedFirstName: null,
    invitedFamilyName: null,
  };
}

/** The actor for one workspace from the team view, or 404 (never 403: it would confirm the workspace exists). */
export async function actOnAccount(input: {
  tx: Tx;
  actor: UserActor;
  accountId: number;
}): Promise<ClientActor> {
  const { tx, actor, accountId } = input;
  // Staff acting as the user by remote login stay in the workspace they were given.
  if (!mayActIn(actor, accountId)) throw notFound(WORKSPACE_NOT_FOUND);
  const own = await findMembership(tx, actor.userId, accountId);
  if (own) return { ...memberActor(actor, own), via: 'member' };
  const [client] = await tx
    .select({ account: accounts, features: accountFeaturesJson })
    .from(partnerAccounts)
    .innerJoin(accounts, eq(accounts.id, partnerAccounts.accountId))
    .where(and(eq(partnerAccounts.accountId, accountId), throughPartnerOf(actor.userId)))
    .limit(1);
  if (!client) throw notFound(WORKSPACE_NOT_FOUND);
  const membership = partnerMembership(accountId, actor.userId);
  return { ...memberActor(actor, { ...client, membership }), via: 'partner' };
}

/**
 * Every workspace the user may act on from the team view, in two queries: their own (in their order), then
 * their partners' clients they are not themselves members of, by name.
 */
export async function listActableAccounts(tx: Tx, userId: number): Promise<ActableAccount[]> {
  const own = await tx
    .select({ accountId: accounts.id, name: accounts.companyName, roleId: accounts.roleId })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), activeMembership))
    .orderBy(asc(memberships.accountOrder), asc(accounts.id));
  const clients = await tx
    .selectDistinct({ accountId: accounts.id, name: accounts.companyName, roleId: accounts.roleId })
    .from(partnerAccounts)
    .innerJoin(accounts, eq(accounts.id, partnerAccounts.accountId))
    .where(
      and(
        throughPartnerOf(userId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(memberships)
            .where(
              and(eq(memberships.accountId, accounts.id), eq(memberships.userId, userId), activeMembership),
            ),
        ),
      ),
    )
    .orderBy(asc(accounts.companyName), asc(accounts.id));
  const present = (via: ClientVia) => (row: (typeof own)[number]) => ({
    accountId: row.accountId,
    name: row.name,
    restricted: row.roleId === RESTRICTED_ROLE_ID,
    via,
  });
  return [...own.map(present('member')), ...clients.map(present('partner'))];
}
