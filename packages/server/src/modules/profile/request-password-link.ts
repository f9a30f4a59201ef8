import { SET_NEW_PASSWORD_EMAIL_SENT } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { UserActor } from '../../http/actor.ts';
import { sendPasswordLink } from '../auth/password-links.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { authorizeSignInChange } from './policies.ts';

/** POST /api/user/settings/password/link: mails the user a link to set a new password. */
export async function requestPasswordLink({
  ctx,
  actor,
  brand,
}: {
  ctx: AppContext;
  actor: UserActor;
  brand: MailBrand;
}) {
  authorizeSignInChange(actor);
  await ctx.db.transaction((tx) => sendPasswordLink(ctx, tx, actor.user, brand));
  return { message: SET_NEW_PASSWORD_EMAIL_SENT };
}
