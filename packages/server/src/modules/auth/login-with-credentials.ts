import { INVALID_CREDENTIALS_MESSAGE } from '@charter/domain';
import { verifyPassword } from '../../adapters/passwords.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { findUserByEmail } from './find-user.ts';
import { signIn } from './sign-in.ts';

export const INVALID_CREDENTIALS = () => new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);

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
  return signIn(ctx, ctx.db, user, { method: 'password', ip: input.ip, userAgent: input.userAgent });
}
