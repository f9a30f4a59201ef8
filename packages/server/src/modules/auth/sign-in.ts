import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../http/actor.ts';
import { issueIdToken } from './issue-tokens.ts';
import { presentUser } from './presenters.ts';
import { createSession, type SessionMethod } from './session-store.ts';

/**
 * A new session for a user who has just proved who they are: its cookie, and the id token and user
 * the client is answered with (the operation adds what its route says besides).
 */
export async function signIn(
  ctx: AppContext,
  tx: Tx,
  user: UserRow,
  session: { method: SessionMethod; ip?: string; userAgent?: string },
) {
  const created = await createSession(tx, { userId: user.id, ...session });
  return {
    cookie: created.cookie,
    body: { id_token: await issueIdToken(ctx, user, created.id, null), user: presentUser(user) },
  };
}
