import { type Actor, isImpersonated } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';

export const IMPERSONATOR_CANNOT_CHANGE_SIGN_IN =
  'Staff acting as this user cannot change their password, email addresses or sign-in methods.';

/**
 * How a user signs in (password, email addresses, set-password links) is theirs alone: staff acting as
 * them by remote login may look, not change it, or the remote login would outlive itself.
 */
export const canChangeSignIn = (actor: Actor) => !isImpersonated(actor);

export function authorizeSignInChange(actor: Actor) {
  if (!canChangeSignIn(actor)) throw forbidden(IMPERSONATOR_CANNOT_CHANGE_SIGN_IN);
}
