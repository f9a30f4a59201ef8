import { FORGOT_PASSWORD_MESSAGE, validateEmail } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { findUserByEmail } from './find-user.ts';
import { sendPasswordLink } from './password-links.ts';
import { recipientWait } from './recipient-budget.ts';

/**
 * PATCH /api/public/user/password/forgot: mails a reset link, a few an hour per address at most. Always
 * answers the same message, so the reply never tells whether an account exists.
 */
export async function startPasswordReset({
  ctx,
  email,
  brand,
}: {
  ctx: AppContext;
  email: string;
  brand: MailBrand;
}) {
  const emailError = validateEmail(email ?? '');
  if (emailError) throw invalid({ email: emailError });
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.disabledAt) {
    await ctx.db.transaction(async (tx) => {
      // Past the address's budget nothing is sent, and the answer stays the same: a 429 here would say
      // the address has an account (unknown addresses are never mailed, so never limited).
      if ((await recipientWait(tx, 'reset', user.email)) > 0) return;
      await sendPasswordLink(ctx, tx, user, brand);
    });
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}
