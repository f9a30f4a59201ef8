import { normalizeVerificationCode, VERIFICATION_CODE_LENGTH, VERIFY_ERROR } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { checkCode, consumeCode, findCode } from './one-time-codes.ts';
import { signIn } from './sign-in.ts';
import { verifyProvenEmail } from './take-over-account.ts';

/**
 * POST /api/authn/session/challenge/{id}: signs in with a verified challenge. Proving the inbox also
 * verifies the email, and the first proof takes over an account someone else registered with that
 * address (as Google sign-in does).
 */
export async function redeemChallenge(input: {
  ctx: AppContext;
  id: string;
  code: string;
  ip?: string;
  userAgent?: string;
}) {
  const { ctx } = input;
  const code = normalizeVerificationCode(input.code);
  if (code.length !== VERIFICATION_CODE_LENGTH) throw invalid({ code: 'must be 8 characters' });
  const row = await findCode(ctx.db, input.id);
  await checkCode(ctx.db, row?.purpose === 'challenge' ? row : null, code, VERIFY_ERROR);
  return ctx.db.transaction(async (tx) => {
    await consumeCode(tx, row!.id);
    const [found] = await tx.select().from(users).where(eq(users.id, row!.userId)).limit(1);
    if (!found || found.disabledAt) throw new AppError('FORBIDDEN', 'This account is disabled.');
    // A code mailed to an address the user has since moved away from proves nothing about the new one.
    const proven = found.email.toLowerCase() === row!.email.toLowerCase();
    const user = proven ? await verifyProvenEmail(tx, found) : found;
    const signedIn = await signIn(ctx, tx, user, {
      method: 'challenge',
      ip: input.ip,
      userAgent: input.userAgent,
    });
    return { cookie: signedIn.cookie, body: { ...signedIn.body, state: row!.state } };
  });
}
