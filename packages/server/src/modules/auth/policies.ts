import { type Actor, isImpersonated } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';

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
