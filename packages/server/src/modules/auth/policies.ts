import { type Actor, isImpersonated } from '../../http/actor.ts';

export const IMPERSONATOR_BOUND_TO_WORKSPACE = 'You only have access to this workspace';

/**
 * Which workspaces a session may open. Staff acting as a user by remote login stay in the one workspace
 * the remote login was for (spec 1 §6: impersonators cannot switch workspaces); `boundAccountId` is
 * that workspace, read from the session.
 */
export const canOpenWorkspace = (actor: Actor, boundAccountId: number | null, accountId: number) =>
  !isImpersonated(actor) || boundAccountId === accountId;
