import type { AppContext } from '../../context.ts';
import type { UserActor } from '../../http/actor.ts';
import { issueIdToken } from './issue-tokens.ts';
import { touchSession } from './session-store.ts';

/**
 * POST /api/authn/session/id_token and /api/authn/session/oidc/token: a fresh id_token for the session,
 * which lives on from now.
 */
export async function refreshIdToken({ ctx, actor }: { ctx: AppContext; actor: UserActor }) {
  await touchSession(ctx.db, actor.sessionId);
  return { id_token: await issueIdToken(ctx, actor.user, actor.sessionId, actor.impersonatorId) };
}
