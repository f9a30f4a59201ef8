import { VERIFY_TO_SHARE } from '@charter/domain';
import { type Actor, isImpersonated } from '../../http/actor.ts';
import { AppError, forbidden } from '../../http/errors.ts';

export const IMPERSONATOR_BOUND_TO_WORKSPACE = 'You only have access to this workspace';

/**
 * Which workspaces a session may open. Staff acting as a user by remote login stay in the one workspace
 * the remote login was for (spec 1 §6: impersonators cannot switch workspaces); `boundAccountId` is
 * that workspace, read from the session.
 */
export const canOpenWorkspace = (actor: Actor, boundAccountId: number | null, accountId: number) =>
  !isImpersonated(actor) || boundAccountId === accountId;

export const IMPERSONATOR_CANNOT_GRANT =
  'Staff acting as this user cannot add members, change the owner or create workspaces.';

/**
 * Staff acting as a user by remote login may work in the workspace as the user would, but not bring
 * people in, hand the workspace on or open new ones under the user's name: those outlive the session and
 * answer to the user, not to a support ticket (members/add-member, members/change-owner,
 * accounts/create-account).
 */
export const canGrantAccess = (actor: Actor) => !isImpersonated(actor);

export function authorizeGrantAccess(actor: Actor) {
  if (!canGrantAccess(actor)) throw forbidden(IMPERSONATOR_CANNOT_GRANT);
}

/** Whether the signed-in user has proven their address (users.email_verified_at). */
const isProven = (actor: Actor) => actor.user.emailVerifiedAt !== null;

/**
 * An account whose address is unproven may belong to whoever typed someone else's address: it cannot
 * invite, make admins or owners, or share (rooms, links, forms, documents, reports, partner access),
 * so nothing it hands out survives the address's owner taking the account over (auth/takeover.ts).
 */
export function authorizeSharing(actor: Actor) {
  if (!isProven(actor)) throw new AppError('UNVERIFIED_CONTACT', VERIFY_TO_SHARE);
}
