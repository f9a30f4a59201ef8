import {
  checkPasswordStrength,
  FORGOT_PASSWORD_MESSAGE,
  PASSWORD_CHANGED,
  validateEmail,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../adapters/passwords.ts';
import { randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { resetPasswordEmail } from './emails.ts';
import { findUserByEmail } from './find-user.ts';
import { checkCode, consumeCode, findCode, issueCode } from './one-time-codes.ts';
import { revokeUserSessions } from './session-store.ts';
import { verifyProvenEmail } from './take-over-account.ts';

const RESET_TTL_MS = 3600_000;
const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

/** Issues a reset link `/reset-password/{id}.{secret}`; used for forgot-password and first passwords. */
export async function sendPasswordLink(ctx: AppContext, tx: Tx, user: UserRow, brand: MailBrand) {
  const secret = randomToken(24);
  const id = await issueCode(tx, {
    purpose: 'reset_password',
    userId: user.id,
    email: user.email,
    code: secret,
    ttlMs: RESET_TTL_MS,
    replace: true,
  });
  const link = `${brand.url}/reset-password/${id}.${secret}`;
  await ctx.mailer.send(tx, resetPasswordEmail(user.email, link, brand, user.passwordHash === null));
}

/** Always answers the same message, so the reply never tells whether an account exists. */
export async function forgotPassword(ctx: AppContext, email: string, brand: MailBrand) {
  const emailError = validateEmail(email ?? '');
  if (emailError) throw invalid({ email: emailError });
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.disabledAt) {
    await ctx.db.transaction((tx) => sendPasswordLink(ctx, tx, user, brand));
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

export async function resetPassword(ctx: AppContext, input: { code: string; password: string }) {
  const strength = checkPasswordStrength(input.password ?? '');
  if (!strength.valid) throw invalid({ password: strength.message ?? 'Password is not valid' });
  const [id, secret] = (input.code ?? '').split('.');
  const row = id ? await findCode(ctx.db, id) : null;
  if (row?.purpose !== 'reset_password' || !secret) throw new AppError('E_CODE_INVALID', INVALID_LINK);
  await checkCode(ctx.db, row, secret, INVALID_LINK);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await consumeCode(tx, row.id);
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    // The link proves the inbox: an account someone else registered with it becomes the owner's.
    if (user && user.email.toLowerCase() === row.email.toLowerCase()) await verifyProvenEmail(tx, user);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    // A new password ends every session opened with the old one.
    await revokeUserSessions(tx, row.userId);
  });
  return { message: PASSWORD_CHANGED };
}
