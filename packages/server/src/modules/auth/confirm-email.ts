import {
  CONFIRMATION_CODE_LENGTH,
  formatConfirmationCode,
  parseConfirmationCode,
  WRONG_CONFIRMATION_CODE,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import { randomCode } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { confirmationCodeEmail } from './emails.ts';
import { checkCode, consumeCode, findOpenCode, issueCode } from './one-time-codes.ts';

const CODE_TTL_MS = 24 * 3600_000;

/** Mails a fresh six-digit code for `purpose` to `email`; earlier unused ones stop working. */
export async function sendSixDigitCode(
  ctx: AppContext,
  tx: Tx,
  input: { purpose: 'confirm_email' | 'authenticator'; userId: number; email: string; brand: MailBrand },
) {
  const digits = randomCode('0123456789', CONFIRMATION_CODE_LENGTH);
  await issueCode(tx, { ...input, code: digits, ttlMs: CODE_TTL_MS, replace: true });
  await ctx.mailer.send(tx, confirmationCodeEmail(input.email, formatConfirmationCode(digits), input.brand));
}

export const sendConfirmationCode = (ctx: AppContext, tx: Tx, user: UserRow, brand: MailBrand) =>
  sendSixDigitCode(ctx, tx, { purpose: 'confirm_email', userId: user.id, email: user.email, brand });

/** GET /api/user/confirm/{code}: the code as the page shows it, '123-456'. */
export async function confirmEmail(ctx: AppContext, user: UserRow, submitted: string) {
  if (user.emailVerifiedAt) return;
  const digits = parseConfirmationCode(submitted);
  if (!digits) throw new AppError('E_CODE_INVALID', WRONG_CONFIRMATION_CODE);
  const row = await findOpenCode(ctx.db, user.id, 'confirm_email', user.email);
  await checkCode(ctx.db, row, digits, WRONG_CONFIRMATION_CODE);
  await ctx.db.transaction(async (tx) => {
    await consumeCode(tx, row!.id);
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id));
  });
}
