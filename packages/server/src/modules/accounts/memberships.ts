import { FEATURE_TYPE } from '@charter/domain';
import { type AnyColumn, and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  accountFeatures,
  accounts,
  memberships,
  partnerAccounts,
  partners,
  users,
} from '../../db/schema/index.ts';

export type AccountFeature = { feature_type_id: number; value: string };

/**
 * A workspace's features as one JSON list, selected alongside the workspace itself. The partner slug
 * (feature 1583) comes only from a real partner connection (partner_accounts), never from a stored
 * feature a user could have sent.
 */
const PARTNER_SLUG = sql.raw(String(FEATURE_TYPE.PARTNER_SLUG));

export const accountFeaturesJson = sql<AccountFeature[]>`coalesce(
  (select json_agg(json_build_object('feature_type_id', f.feature_type_id, 'value', f.value)
                   order by f.feature_type_id, f.value)
     from (select af.feature_type_id, af.value from ${accountFeatures} af
            where af.account_id = ${accounts.id} and af.feature_type_id <> ${PARTNER_SLUG}
           union all
           select ${PARTNER_SLUG}, p.slug from ${partnerAccounts} pa
             join ${partners} p on p.id = pa.partner_id
            where pa.account_id = ${accounts.id}) f), '[]'::json)`;

/**
 * When a row of memberships counts as membership (grants access to the workspace): always for the
 * workspace's creator (invited_by null), but a membership someone else added is pending until its user has
 * proven their address (users.email_verified_at). Otherwise whoever registered an address they do not own
 * would get any workspace an admin invites that address to. Proving it (the invitation's set-password
 * link, the six-digit code, a trusted issuer) makes the membership active with no other step. A membership
 * the review of a taken-over account holds back (suspended_at) counts for nothing until the address's
 * owner keeps it (modules/auth/takeover). Every query that decides "is this user a member of this workspace" uses this condition.
 */
export const activeMembership = sql`(${memberships.suspendedAt} is null and (${memberships.invitedBy} is null or exists (
  select 1 from ${users} proven
   where proven.id = ${memberships.userId} and proven.email_verified_at is not null)))`;

/** The same rule as activeMembership, for a row already loaded (the members list marks it `pending`). */
export const isPendingMembership = (
  membership: { invitedBy: number | null },
  user: { emailVerifiedAt: Date | null },
) => membership.invitedBy !== null && user.emailVerifiedAt === null;

/**
 * Whether the member has joined: their membership is active and they opened the workspace themselves
 * (memberships.accepted_at, set by acceptMembership). Until then the workspace knows the address and what
 * the inviter typed, nothing their account holds, and cannot hand them the workspace.
 */
export const hasJoined = (
  membership: { invitedBy: number | null; suspendedAt: Date | null; acceptedAt: Date | null },
  user: { emailVerifiedAt: Date | null },
) =>
  !isPendingMembership(membership, user) && membership.suspendedAt === null && membership.acceptedAt !== null;

/**
 * A member's names as their workspace may show them (selected with users and their membership of that
 * workspace, which may be left-joined): their own once they accepted, else what the inviter typed
 * (presenters of members do the same with hasJoined). Someone with no membership there, a connected
 * partner's person in a workflow role, is named by their account as before.
 */
const shownName = (own: AnyColumn, typed: AnyColumn) =>
  sql<string>`case when ${memberships.acceptedAt} is not null or ${memberships.userId} is null then ${own}
    else coalesce(${typed}, '') end`;
export const shownMemberNames = {
  firstName: shownName(users.firstName, memberships.invitedFirstName),
  familyName: shownName(users.familyName, memberships.invitedFamilyName),
};

/** The member opened the workspace themselves (not staff acting as them): the invitation is accepted. */
export async function acceptMembership(tx: Tx, userId: number, accountId: number) {
  await tx
    .update(memberships)
    .set({ acceptedAt: new Date() })
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.accountId, accountId),
        isNull(memberships.acceptedAt),
      ),
    );
}

/**
 * The user's active membership of one workspace (activeMembership), with the workspace and its features:
 * one query, or null.
 */
export async function findMembership(tx: Tx, userId: number, accountId: number) {
  const [row] = await tx
    .select({ account: accounts, membership: memberships, features: accountFeaturesJson })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId), activeMembership))
    .limit(1);
  return row ?? null;
}
