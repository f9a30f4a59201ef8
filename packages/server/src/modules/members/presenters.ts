import type { MembersList, MemberView } from '@charter/domain';
import type { accounts } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { hasJoined, isPendingMembership } from '../accounts/memberships.ts';
import { canInvite, canManageMembers, type MemberContext, memberAbilities } from './policies.ts';
import type { MemberRow } from './scope.ts';

export function presentMember(actor: MemberActor, row: MemberRow, context: MemberContext): MemberView {
  const { user, membership } = row;
  const joined = hasJoined(membership, user);
  return {
    id: user.id,
    email: user.email,
    // Until they open the workspace, only what the inviter typed: adding an address must not reveal the
    // name its account (or another workspace's invitation) holds.
    first_name: joined ? user.firstName : (membership.invitedFirstName ?? ''),
    family_name: joined ? user.familyName : (membership.invitedFamilyName ?? ''),
    is_admin: membership.isAdmin,
    is_owner: user.id === context.ownerId,
    is_signatory: user.id === context.signatoryId,
    filecabinet_access: membership.filecabinetAccess,
    // Added by someone else and the address not proven yet: listed, counted, but no access (activeMembership).
    pending: isPendingMembership(membership, user),
    accepted: membership.acceptedAt !== null,
    suspended: membership.suspendedAt !== null,
    created_at: membership.createdAt.toISOString(),
    abilities: memberAbilities(actor, { userId: user.id, isAdmin: membership.isAdmin, joined }, context),
  };
}

export function presentMembers(
  actor: MemberActor,
  account: typeof accounts.$inferSelect,
  rows: MemberRow[],
): MembersList {
  const context: MemberContext = {
    ownerId: account.ownerId,
    signatoryId: account.signatoryId,
    adminCount: rows.filter((r) => r.membership.isAdmin).length,
  };
  return {
    users: rows.map((row) => presentMember(actor, row, context)),
    user_limit: account.userLimit,
    count: rows.length,
    abilities: { invite: canInvite(actor), manage: canManageMembers(actor) },
  };
}
