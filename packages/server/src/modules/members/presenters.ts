import type { MembersList, MemberView } from '@charter/domain';
import type { accounts } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { isPendingMembership } from '../accounts/memberships.ts';
import { canManageMembers, type MemberContext, memberAbilities } from './policies.ts';
import type { MemberRow } from './scope.ts';

export function presentMember(actor: MemberActor, row: MemberRow, context: MemberContext): MemberView {
  const { user, membership } = row;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    family_name: user.familyName,
    is_admin: membership.isAdmin,
    is_owner: user.id === context.ownerId,
    is_signatory: user.id === context.signatoryId,
    filecabinet_access: membership.filecabinetAccess,
    // Added by someone else and the address not proven yet: listed, counted, but no access (activeMembership).
    pending: isPendingMembership(membership, user),
    created_at: membership.createdAt.toISOString(),
    abilities: memberAbilities(actor, { userId: user.id, isAdmin: membership.isAdmin }, context),
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
    abilities: { invite: canManageMembers(actor) },
  };
}
