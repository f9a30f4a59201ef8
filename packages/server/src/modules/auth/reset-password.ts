import { checkPasswordStrength, PASSWORD_CHANGED } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../adapters/passwords.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { checkCode, consumeCode, findCode } from './one-time-codes.ts';
import { revokeUserSessions } from './session-store.ts';
import { verifyProvenEmail } from './take-over-account.ts';

const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

/** POST /api/public/user/password/reset/: a new password with the mailed link's '{id}.{secret}'. */
export async function resetPassword(input: { db: Db; code: string; password: string }) {
  const { db } = input;
  const strength = checkPasswordStrength(input.password ?? '');
  if (!strength.valid) throw invalid({ password: strength.message ?? 'Password is not valid' });
  const [id, secret] = (input.code ?? '').split('.');
  const row = id ? await findCode(db, id) : null;
  const userId = row?.userId;
  if (row?.purpose !== 'reset_password' || !secret || !userId)
    throw new AppError('E_CODE_INVALID', INVALID_LINK);
  await checkCode(db, row, secret, INVALID_LINK);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await consumeCode(tx, row.id);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    // The link proves the inbox: an account someone else registered with it becomes the owner's.
    if (user && user.email.toLowerCase() === row.email.toLowerCase()) await verifyProvenEmail(tx, user);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    // A new password ends every session opened with the old one.
    await revokeUserSessions(tx, userId);
  });
  return { message: PASSWORD_CHANGED };
}
