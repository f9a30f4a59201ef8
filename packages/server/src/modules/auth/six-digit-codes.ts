import { CONFIRMATION_CODE_LENGTH, formatConfirmationCode } from '@charter/domain';
import { randomCode } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../http/actor.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { confirmationCodeEmail } from './emails.ts';
import { issueCode } from './one-time-codes.ts';

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
