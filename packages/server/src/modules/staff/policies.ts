import { STAFF_ONLY } from '@charter/domain';
import { type Actor, isStaff } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';

/**
 * The staff console is for platform staff signed in as themselves: a remote-login session is the user's,
 * even when staff stand behind it, so it is refused like anyone else's.
 */
export function authorizeStaff(actor: Actor) {
  if (!isStaff(actor)) throw forbidden(STAFF_ONLY);
}
