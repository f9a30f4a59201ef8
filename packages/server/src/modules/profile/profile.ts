import {
  CURRENT_PASSWORD_INCORRECT,
  PASSWORD_CHANGED,
  type ProfileView,
  validateNewPassword,
  validatePhone,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../adapters/passwords.ts';
import type { AppContext } from '../../context.ts';
import { authenticators, users } from '../../db/schema/index.ts';
import type { UserActor, UserRow } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { revokeUserSessions } from '../auth/session-store.ts';
import { authorizeSignInChange } from './policies.ts';

export async function presentProfile(ctx: AppContext, user: UserRow): Promise<ProfileView> {
  const extra = await ctx.db
    .select({ value: authenticators.value, verifiedAt: authenticators.verifiedAt })
    .from(authenticators)
    .where(eq(authenticators.userId, user.id));
  return {
    firstName: user.firstName,
    lastName: user.familyName,
    phone: user.phone ?? '',
    email: user.email,
    emails: [user.email, ...extra.filter((e) => e.verifiedAt).map((e) => e.value)],
    counsels: [],
    partners: [],
    teams: [],
  };
}

export async function updateProfile({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: UserActor;
  input: { firstName: string; lastName: string; phone?: string | null };
}) {
  const fields: Record<string, string> = {};
  if (!input.firstName.trim()) fields.firstName = 'First name required';
  if (!input.lastName.trim()) fields.lastName = 'Last name required';
  const phoneError = input.phone ? validatePhone(input.phone) : null;
  if (phoneError) fields.phone = phoneError;
  if (Object.keys(fields).length > 0) throw invalid(fields);
  const [updated] = await ctx.db
    .update(users)
    .set({
      firstName: input.firstName.trim(),
      familyName: input.lastName.trim(),
      phone: input.phone?.trim() || null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, actor.userId))
    .returning();
  return presentProfile(ctx, updated);
}

/** Changing the password ends the user's other sessions; this one stays signed in. */
export async function changePassword({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: UserActor;
  input: { current_password?: string; password: string };
}) {
  authorizeSignInChange(actor);
  const passwordError = validateNewPassword(input.password);
  if (passwordError) throw invalid({ password: passwordError });
  if (actor.user.passwordHash !== null) {
    const ok = await verifyPassword(actor.user.passwordHash, input.current_password ?? '');
    if (!ok)
      throw new AppError('INVALID_CREDENTIALS', CURRENT_PASSWORD_INCORRECT, {
        current_password: CURRENT_PASSWORD_INCORRECT,
      });
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordPrompted: true, updatedAt: new Date() })
      .where(eq(users.id, actor.userId));
    await revokeUserSessions(tx, actor.userId, actor.sessionId);
  });
  return { message: PASSWORD_CHANGED };
}
