import { randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../http/actor.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { resetPasswordEmail } from './emails.ts';
import { issueCode } from './one-time-codes.ts';

const RESET_TTL_MS = 3600_000;

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
