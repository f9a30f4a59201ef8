import { verifyPassword } from '../../adapters/passwords.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { findUserByEmail } from './find-user.ts';
import { issueIdToken } from './issue-tokens.ts';
import { presentUser } from './presenters.ts';
import { createSession } from './session-store.ts';

export const INVALID_CREDENTIALS = () => new AppError('INVALID_CREDENTIALS', 'Password is incorrect');

/** POST /api/authn/session/credentials with a Basic email:password header: signs in. */
export async function loginWithCredentials(input: {
  ctx: AppContext;
  email: string;
  password: string;
  ip?: string;
  userAgent?: string;
}) {
  const { ctx } = input;
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok || user.disabledAt) throw INVALID_CREDENTIALS();
  const session = await createSession(ctx.db, {
    userId: user.id,
    method: 'password',
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return {
    cookie: session.cookie,
    body: { id_token: await issueIdToken(ctx, user, session.id, null), user: presentUser(user) },
  };
}
