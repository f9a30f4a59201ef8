import type { EmailCheck } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { findUserByEmail } from './find-user.ts';
import { presentEmailCheck } from './presenters.ts';

/** GET /api/public/auth/email/{email}: how the login page goes on with this address. */
export async function checkEmail({ tx, email }: { tx: Tx; email: string }): Promise<EmailCheck> {
  const user = await findUserByEmail(tx, email);
  if (!user || user.disabledAt) throw notFound('No account uses this email address');
  return presentEmailCheck(user);
}
