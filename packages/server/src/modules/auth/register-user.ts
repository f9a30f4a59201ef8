import { TERMS_REQUIRED_MESSAGE, validateEmail, validateNewPassword } from '@charter/domain';
import { hashPassword } from '../../adapters/passwords.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { createAccount, type NewAccountInput, validateNewAccount } from '../accounts/create-account.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { claiming, isEmailClaimed } from './email-claims.ts';
import { signIn } from './sign-in.ts';
import { sendConfirmationCode } from './six-digit-codes.ts';

export type RegisterInput = {
  email: string;
  password: string;
  first_name: string;
  family_name: string;
  tos?: boolean;
  company?: NewAccountInput;
};

export const EMAIL_TAKEN_MESSAGE =
  'An account with this email address already exists. Please log in instead.';

function validateRegistration(input: RegisterInput) {
  const fields: Record<string, string> = {};
  const emailError = validateEmail(input.email ?? '');
  if (emailError) fields.email = emailError;
  const passwordError = validateNewPassword(input.password ?? '');
  if (passwordError) fields.password = passwordError;
  if (!input.first_name?.trim()) fields.first_name = 'First name required';
  if (!input.family_name?.trim()) fields.family_name = 'Last name required';
  if (input.tos === false) fields.tos = TERMS_REQUIRED_MESSAGE;
  if (Object.keys(fields).length > 0) throw invalid(fields);
  if (input.company) validateNewAccount(input.company);
}

/**
 * POST /api/authn/session/credentials with `create`: creates the user (and, if asked, the first
 * workspace), mails the six-digit code, signs in.
 */
export async function registerUser(
  input: RegisterInput & { ctx: AppContext; ip?: string; userAgent?: string; brand: MailBrand },
) {
  const { ctx } = input;
  validateRegistration(input);
  const taken = () => new AppError('EMAIL_ALREADY_EXISTS', EMAIL_TAKEN_MESSAGE);
  // Someone's primary or extra address; the database checks again when the user is written.
  if (await isEmailClaimed(ctx.db, input.email)) throw taken();
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [user] = await claiming(
      () =>
        tx
          .insert(users)
          .values({
            email: input.email.trim(),
            passwordHash,
            firstName: input.first_name.trim(),
            familyName: input.family_name.trim(),
            tosAcceptedAt: new Date(),
          })
          .onConflictDoNothing()
          .returning(),
      taken,
    );
    if (!user) throw taken();
    const account = input.company
      ? await createAccount(tx, { ...input.company, userId: user.id, brandId: input.brand.id })
      : null;
    await sendConfirmationCode(ctx, tx, user, input.brand);
    const signedIn = await signIn(ctx, tx, user, {
      method: 'register',
      ip: input.ip,
      userAgent: input.userAgent,
    });
    return { cookie: signedIn.cookie, body: { ...signedIn.body, account_id: account?.id ?? null } };
  });
}
