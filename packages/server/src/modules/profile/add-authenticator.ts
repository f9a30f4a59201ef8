import { randomUUID } from 'node:crypto';
import { validateEmail } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { authenticators } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { claiming, emailInUse, isEmailClaimed } from '../auth/email-claims.ts';
import { sendSixDigitCode } from '../auth/six-digit-codes.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { authorizeSignInChange } from './policies.ts';
import { presentAuthenticator } from './presenters.ts';

/** POST /api/user/settings/authenticators: an extra address, unverified until its mailed code comes back. */
export async function addAuthenticator(input: {
  ctx: AppContext;
  actor: UserActor;
  email: string;
  brand: MailBrand;
}) {
  authorizeSignInChange(input.actor);
  const { ctx, email, brand } = input;
  const { user } = input.actor;
  const emailError = validateEmail(email);
  if (emailError) throw invalid({ email: emailError });
  // Someone's primary or extra address; the database checks again when the row is written.
  if (await isEmailClaimed(ctx.db, email)) throw emailInUse();
  return ctx.db.transaction(async (tx) => {
    const [row] = await claiming(() =>
      tx
        .insert(authenticators)
        .values({ pubId: randomUUID(), userId: user.id, value: email.trim(), priority: 1 })
        .returning(),
    );
    await sendSixDigitCode(ctx, tx, { purpose: 'authenticator', userId: user.id, email: row.value, brand });
    return presentAuthenticator(row);
  });
}
