import { normalizeVerificationCode, VERIFICATION_CODE_LENGTH, VERIFY_ERROR } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../http/errors.ts';
import { checkCode, consumeCode, findCode } from './one-time-codes.ts';
import { provenCodeUser } from './proven-code-user.ts';
import { signIn } from './sign-in.ts';

/**
 * POST /api/authn/session/challenge/{id}: signs in with a verified challenge. Proving the inbox also
 * verifies the email (making the user, for an address nobody held), and the first proof takes over an
 * account someone else registered with that address (as Google sign-in does): provenCodeUser.
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
    const user = await provenCodeUser(tx, row!);
    const signedIn = await signIn(ctx, tx, user, {
      method: 'challenge',
      ip: input.ip,
      userAgent: input.userAgent,
    });
    return { cookie: signedIn.cookie, body: { ...signedIn.body, state: row!.state } };
  });
}
