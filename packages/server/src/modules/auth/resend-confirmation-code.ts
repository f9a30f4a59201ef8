import type { AppContext } from '../../context.ts';
import type { UserActor } from '../../http/actor.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { sendConfirmationCode } from './six-digit-codes.ts';

/** POST /api/user/confirm/code/resend: a fresh code; the one mailed before stops working. */
export async function resendConfirmationCode({
  ctx,
  actor,
  brand,
}: {
  ctx: AppContext;
  actor: UserActor;
  brand: MailBrand;
}) {
  if (actor.user.emailVerifiedAt) return { message: 'Your email address is already confirmed.' };
  await ctx.db.transaction((tx) => sendConfirmationCode(ctx, tx, actor.user, brand));
  return { message: 'A new confirmation code is on its way.' };
}
