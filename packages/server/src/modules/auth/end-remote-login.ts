import type { Tx } from '../../db/client.ts';
import { isImpersonated, type UserActor } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';
import { revokeSession } from './session-store.ts';

export const NOT_REMOTE_LOGIN = 'This session is not a remote login';

/**
 * DELETE /api/authn/session/remote: the staff member's way back from acting as a user. Ends the remote
 * login's session only; the staff member's own session (the browser's cookie, which a remote login never
 * replaces) stays, so the console opens again without a second sign-in. The write is audited with the
 * rest of the impersonated session's (http/staff-audit.ts).
 */
export async function endRemoteLogin({ tx, actor }: { tx: Tx; actor: UserActor }) {
  if (!isImpersonated(actor)) throw forbidden(NOT_REMOTE_LOGIN);
  await revokeSession(tx, actor.sessionId);
}
