import {
  type ChallengeTemplate,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_HOURS,
  validateEmail,
} from '@charter/domain';
import { randomCode, randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { claiming } from './email-claims.ts';
import { challengeEmail } from './emails.ts';
import { findUserByEmail } from './find-user.ts';
import { issueCode } from './one-time-codes.ts';

/**
 * POST /api/authn/challenge: emails an 8-character code and a link carrying it; unknown emails get a
 * passwordless user if asked.
 */
export async function requestChallenge(input: {
  ctx: AppContext;
  email: string;
  template: ChallengeTemplate;
  state?: string;
  create?: boolean;
  brand: MailBrand;
}) {
  const { ctx } = input;
  const emailError = validateEmail(input.email);
  if (emailError) throw invalid({ 'identifier.value': emailError });
  return ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, input.email);
    if (!user) {
      if (!input.create) throw notFound('No account uses this email address');
      // Another user's extra address is refused by the database (email_claims).
      [user] = await claiming(() =>
        tx.insert(users).values({ email: input.email.trim() }).onConflictDoNothing().returning(),
      );
      if (!user) throw new AppError('CONFLICT', 'This email address was just registered, please try again.');
    }
    const code = randomCode(VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH);
    const receipt = randomToken(16);
    const id = await issueCode(tx, {
      purpose: 'challenge',
      userId: user.id,
      email: user.email,
      code,
      receipt,
      state: input.state ?? input.template,
      ttlMs: VERIFICATION_CODE_TTL_HOURS * 3600_000,
    });
    const link = `${input.brand.url}/verify/${input.template}/${id}/${code}`;
    await ctx.mailer.send(tx, challengeEmail(user.email, code, link, input.brand));
    return { id, receipt, template: input.template };
  });
}
