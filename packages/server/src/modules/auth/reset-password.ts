import { checkPasswordStrength, PASSWORD_CHANGED, type ResetPasswordResponse } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../adapters/passwords.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { checkCode, consumeCode, findCode } from './one-time-codes.ts';
import { revokeUserSessions } from './session-store.ts';
import { signIn } from './sign-in.ts';
import { verifyProvenEmail } from './take-over-account.ts';

const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

/**
 * POST /api/public/user/password/reset/: a new password with the mailed link's '{id}.{secret}'. A link that
 * sets the account's first password (an invitation's, or one asked for by a user who signed in by link or
 * Google) signs in too, as the magic link does: it proves the same inbox, and an invitee who has just chosen
 * a password should not be sent to type it again. A reset of an existing password does not: every session
 * ends and the owner signs in with the new password (OWASP's forgot-password advice).
 */
export async function resetPassword(input: {
  ctx: AppContext;
  code: string;
  password: string;
  ip?: string;
  userAgent?: string;
}) {
  const { db } = input.ctx;
  const strength = checkPasswordStrength(input.password ?? '');
  if (!strength.valid) throw invalid({ password: strength.message ?? 'Password is not valid' });
  const [id, secret] = (input.code ?? '').split('.');
  const row = id ? await findCode(db, id) : null;
  const userId = row?.userId;
  if (row?.purpose !== 'reset_password' || !secret || !userId)
    throw new AppError('E_CODE_INVALID', INVALID_LINK);
  await checkCode(db, row, secret, INVALID_LINK);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx): Promise<ResetPasswordResponse & { cookie?: string }> => {
    await consumeCode(tx, row.id);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    // The link proves the inbox: an account someone else registered with it becomes the owner's.
    if (user && user.email.toLowerCase() === row.email.toLowerCase()) await verifyProvenEmail(tx, user);
    const [saved] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    // A new password ends every session opened with the old one.
    await revokeUserSessions(tx, userId);
    if (!user || user.passwordHash !== null || !saved || saved.disabledAt)
      return { message: PASSWORD_CHANGED };
    const session = await signIn(input.ctx, tx, saved, {
      method: 'password',
      ip: input.ip,
      userAgent: input.userAgent,
    });
    return { message: PASSWORD_CHANGED, cookie: session.cookie, ...session.body };
  });
}
