import { ADMIN_WARNING, type MemberAbilities, ONLY_OWNER_TRANSFERS } from '@charter/domain';
import type { MemberActor } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';
import { accountAbilities } from '../accounts/policies.ts';
import { authorizeGrantAccess, authorizeSharing, canGrantAccess } from '../auth/policies.ts';

/**
 * Who may manage a workspace's members and profile: its admins, and never in a restricted (role 3)
 * workspace, whose Account pages are hidden (spec 1 §6). The same rule as the shell's manage_settings.
 */
export const canManageMembers = (actor: MemberActor) => accountAbilities(actor).manage_settings;

export function authorizeManageMembers(actor: MemberActor) {
  if (!canManageMembers(actor)) throw forbidden(ADMIN_WARNING);
}

/**
 * Who may add people: an admin, themselves (never staff acting as them: auth/policies.ts). An admin whose
 * address is unproven is offered it and refused with UNVERIFIED_CONTACT, which says how to verify.
 */
export const canInvite = (actor: MemberActor) => canManageMembers(actor) && canGrantAccess(actor);

export function authorizeInvite(actor: MemberActor) {
  authorizeManageMembers(actor);
  authorizeGrantAccess(actor);
  authorizeSharing(actor);
}

/** Making someone an admin is granting access too: not from an unproven account. */
export function authorizePromote(actor: MemberActor) {
  authorizeSharing(actor);
}

/** The workspace's owner hands ownership on; a workspace without one lets its admins name one. */
export const canChangeOwner = (actor: MemberActor, ownerId: number | null) =>
  !actor.restricted && canGrantAccess(actor) && (ownerId === null ? actor.isAdmin : actor.userId === ownerId);

export function authorizeChangeOwner(actor: MemberActor, ownerId: number | null) {
  if (actor.restricted) throw forbidden(ADMIN_WARNING);
  authorizeGrantAccess(actor);
  if (!canChangeOwner(actor, ownerId)) throw forbidden(ONLY_OWNER_TRANSFERS);
  authorizeSharing(actor);
}

/** An admin removes members; anyone may leave (remove themselves). Never in a restricted workspace. */
export const canRemove = (actor: MemberActor, targetId: number) =>
  !actor.restricted && (actor.isAdmin || actor.userId === targetId);

export function authorizeRemove(actor: MemberActor, targetId: number) {
  if (!canRemove(actor, targetId)) throw forbidden(ADMIN_WARNING);
}

/** What the workspace holds that the rules below depend on. */
export type MemberContext = { ownerId: number | null; signatoryId: number | null; adminCount: number };

/** `joined`: an active membership its user has opened (accounts/memberships.ts hasJoined). */
type Target = { userId: number; isAdmin: boolean; joined: boolean };

const isLastAdmin = (target: Target, context: MemberContext) => target.isAdmin && context.adminCount <= 1;

/**
 * What the caller may do to one member: the same rules the operations enforce. The owner stays an admin
 * and cannot be removed; the last admin cannot be demoted or removed; only a member who joined may own.
 */
export function memberAbilities(actor: MemberActor, target: Target, context: MemberContext): MemberAbilities {
  const manage = canManageMembers(actor);
  const isOwner = target.userId === context.ownerId;
  return {
    change_role: manage && !isOwner,
    remove: canRemove(actor, target.userId) && !isOwner && !isLastAdmin(target, context),
    make_owner: canChangeOwner(actor, context.ownerId) && !isOwner && target.joined,
    make_signatory: manage && target.userId !== context.signatoryId,
  };
}
