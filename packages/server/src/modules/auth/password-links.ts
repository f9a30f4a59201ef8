import { randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../http/actor.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { resetPasswordEmail } from './emails.ts';
import { issueCode } from './one-time-codes.ts';

const RESET_TTL_MS = 3600_000;

/**
 * A link `/reset-password/{id}.{secret}` that sets the user's password (and proves their address), valid
 * for `ttlMs`; it replaces the user's earlier one. An invitation's (`invite`) asks the page to say so.
 */
export async function passwordLink(
  tx: Tx,
  user: UserRow,
  brand: MailBrand,
  ttlMs: number,
  options: { invite?: boolean } = {},
) {
  const secret = randomToken(24);
  const id = await issueCode(tx, {
    purpose: 'reset_password',
    userId: user.id,
    email: user.email,
    code: secret,
    ttlMs,
    replace: true,
  });
  return `${brand.url}/reset-password/${id}.${secret}${options.invite ? '?invite=1' : ''}`;
}

/** Mails a reset link valid for an hour; used for forgot-password and first passwords. */
export async function sendPasswordLink(ctx: AppContext, tx: Tx, user: UserRow, brand: MailBrand) {
  const link = await passwordLink(tx, user, brand, RESET_TTL_MS);
  await ctx.mailer.send(tx, resetPasswordEmail(user.email, link, brand, user.passwordHash === null));
}
