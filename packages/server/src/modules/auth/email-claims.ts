import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { isEmailClaimConflict } from '../../db/errors.ts';
import { emailClaims } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

export const EMAIL_IN_USE_MESSAGE = 'This email address is already in use.';

export const emailInUse = () => new AppError('E_EMAIL_ALREADY_CLAIMED', EMAIL_IN_USE_MESSAGE);

/** Whether any user holds the address, as their primary or an extra one. */
export async function isEmailClaimed(tx: Tx, email: string) {
  const [row] = await tx
    .select({ userId: emailClaims.userId })
    .from(emailClaims)
    .where(sql`${emailClaims.address} = lower(${email.trim()})`)
    .limit(1);
  return Boolean(row);
}

/**
 * Runs a write that claims an address; when another user's claim wins (checked first, or committed
 * concurrently) the database refuses it and the caller's error is thrown instead.
 */
export async function claiming<T>(write: () => Promise<T>, taken: () => Error = emailInUse): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isEmailClaimConflict(error)) throw taken();
    throw error;
  }
}
