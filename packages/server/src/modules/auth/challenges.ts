import {
  type ChallengeStatusView,
  type ChallengeTemplate,
  normalizeVerificationCode,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_HOURS,
  validateEmail,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import { hashEquals, randomCode, randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { claiming } from './email-claims.ts';
import { challengeEmail } from './emails.ts';
import { findUserByEmail } from './find-user.ts';
import { issueIdToken } from './issue-tokens.ts';
import { checkCode, consumeCode, findCode, issueCode } from './one-time-codes.ts';
import { presentUser } from './presenters.ts';
import { createSession } from './session-store.ts';
import { verifyProvenEmail } from './take-over-account.ts';

export const VERIFY_ERROR = 'There was an error while verifying your code.';

/** Emails an 8-character code and a link carrying it; unknown emails get a passwordless user if asked. */
export async function requestChallenge(
  ctx: AppContext,
  input: { email: string; template: ChallengeTemplate; state?: string; create?: boolean; brand: MailBrand },
) {
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

async function findChallenge(ctx: AppContext, id: string, receipt: string | undefined) {
  const row = await findCode(ctx.db, id);
  if (row?.purpose !== 'challenge') throw notFound('Challenge not found');
  if (receipt !== undefined && (!row.receiptHash || !hashEquals(row.receiptHash, receipt))) {
    throw notFound('Challenge not found');
  }
  return row;
}

export async function challengeStatus(
  ctx: AppContext,
  id: string,
  receipt: string,
): Promise<ChallengeStatusView> {
  const row = await findChallenge(ctx, id, receipt);
  const status = row.consumedAt ? 'verified' : row.expiresAt.getTime() < Date.now() ? 'expired' : 'pending';
  return { id: row.id, status, template: row.state };
}

export async function deleteChallenge(ctx: AppContext, id: string, receipt: string) {
  const row = await findChallenge(ctx, id, receipt);
  await ctx.db.transaction((tx) => consumeCode(tx, row.id)).catch(() => undefined);
}

/**
 * Signs in with a verified challenge. Proving the inbox also verifies the email, and the first proof
 * takes over an account someone else registered with that address (as Google sign-in does).
 */
export async function redeemChallenge(
  ctx: AppContext,
  input: { id: string; code: string; ip?: string; userAgent?: string },
) {
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
    const session = await createSession(tx, {
      userId: user.id,
      method: 'challenge',
      ip: input.ip,
      userAgent: input.userAgent,
    });
    return {
      cookie: session.cookie,
      body: {
        id_token: await issueIdToken(ctx, user, session.id, null),
        user: presentUser(user),
        state: row!.state,
      },
    };
  });
}
