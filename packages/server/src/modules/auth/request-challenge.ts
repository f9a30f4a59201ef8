import {
  type ChallengeTemplate,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_HOURS,
  validateEmail,
} from '@charter/domain';
import { randomCode, randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { emailInUse, isEmailClaimed } from './email-claims.ts';
import { challengeEmail } from './emails.ts';
import { findUserByEmail } from './find-user.ts';
import { issueCode } from './one-time-codes.ts';
import { spendRecipientBudget } from './recipient-budget.ts';

/**
 * POST /api/authn/challenge: emails an 8-character code and a link carrying it. An address nobody holds
 * gets a code only if asked (`create`, the link flow), and no user until the code proves it
 * (provenCodeUser). Each address receives a few a hour at most (recipient-budget.ts): this route already
 * tells who has an account (404), so a 429 reveals nothing more.
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
    const user = await findUserByEmail(tx, input.email);
    if (!user) {
      if (!input.create) throw notFound('No account uses this email address');
      // Another user's extra address is theirs: no code for it.
      if (await isEmailClaimed(tx, input.email)) throw emailInUse();
    }
    const email = user?.email ?? input.email.trim();
    await spendRecipientBudget(tx, 'challenge', email);
    const code = randomCode(VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH);
    const receipt = randomToken(16);
    const id = await issueCode(tx, {
      purpose: 'challenge',
      userId: user?.id ?? null,
      email,
      code,
      receipt,
      state: input.state ?? input.template,
      ttlMs: VERIFICATION_CODE_TTL_HOURS * 3600_000,
    });
    const link = `${input.brand.url}/verify/${input.template}/${id}/${code}`;
    await ctx.mailer.send(tx, challengeEmail(email, code, link, input.brand));
    return { id, receipt, template: input.template };
  });
}
