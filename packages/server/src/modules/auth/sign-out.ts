import type { Tx } from '../../db/client.ts';
import type { UserActor } from '../../http/actor.ts';
import { revokeSession } from './session-store.ts';

/** DELETE /api/authn/session: ends the caller's session; without a valid one there is nothing to end. */
export async function signOut({ tx, actor }: { tx: Tx; actor: UserActor | null }) {
  if (actor) await revokeSession(tx, actor.sessionId);
}
