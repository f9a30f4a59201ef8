import { randomUUID } from 'node:crypto';
import {
  type AuthenticatorView,
  parseConfirmationCode,
  validateEmail,
  WRONG_CONFIRMATION_CODE,
} from '@charter/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { authenticators, users } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { claiming, emailInUse, isEmailClaimed } from '../auth/email-claims.ts';
import { checkCode, consumeCode, findOpenCode } from '../auth/one-time-codes.ts';
import { sendSixDigitCode } from '../auth/six-digit-codes.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { authorizeSignInChange } from './policies.ts';

type Row = typeof authenticators.$inferSelect;

const present = (row: Row): AuthenticatorView => ({
  id: row.id,
  pub_id: row.pubId,
  type: row.type,
  value: row.value,
  priority: row.priority,
  verified_at: row.verifiedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** The primary address (users.email) first, as priority 0, then the added ones. */
type ProfileInput = { ctx: AppContext; actor: UserActor };

export async function listAuthenticators({ ctx, actor }: ProfileInput): Promise<AuthenticatorView[]> {
  const { user } = actor;
  const rows = await ctx.db
    .select()
    .from(authenticators)
    .where(eq(authenticators.userId, user.id))
    .orderBy(asc(authenticators.priority), asc(authenticators.id));
  const primary = {
    id: 0,
    pub_id: `primary-${user.id}`,
    type: 'email',
    value: user.email,
    priority: 0,
    verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
  return [primary, ...rows.map(present)];
}

export async function addAuthenticator(input: ProfileInput & { email: string; brand: MailBrand }) {
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
    return present(row);
  });
}

async function findOwn({ ctx, actor }: ProfileInput, where: ReturnType<typeof eq>) {
  const [row] = await ctx.db
    .select()
    .from(authenticators)
    .where(and(eq(authenticators.userId, actor.userId), where))
    .limit(1);
  if (!row) throw notFound('Email address not found');
  return row;
}

export async function verifyAuthenticator(input: ProfileInput & { email: string; code: string }) {
  authorizeSignInChange(input.actor);
  const { ctx, email, code } = input;
  const { user } = input.actor;
  const row = await findOwn(input, sql`lower(${authenticators.value}) = lower(${email})`);
  if (row.verifiedAt) return present(row);
  const digits = parseConfirmationCode(code);
  const open = await findOpenCode(ctx.db, user.id, 'authenticator', row.value);
  await checkCode(ctx.db, digits ? open : null, digits ?? '', WRONG_CONFIRMATION_CODE);
  return ctx.db.transaction(async (tx) => {
    await consumeCode(tx, open!.id);
    const [updated] = await tx
      .update(authenticators)
      .set({ verifiedAt: new Date() })
      .where(eq(authenticators.id, row.id))
      .returning();
    return present(updated);
  });
}

/** Priority 0 makes a verified address the primary (sign-in) one; the old primary becomes an extra. */
export async function makePrimary(input: ProfileInput & { id: number }) {
  authorizeSignInChange(input.actor);
  const { ctx } = input;
  const { user } = input.actor;
  const row = await findOwn(input, eq(authenticators.id, input.id));
  if (!row.verifiedAt) throw invalid({ priority: 'Verify this email address first.' });
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(authenticators)
      .set({ value: user.email, verifiedAt: user.emailVerifiedAt })
      .where(eq(authenticators.id, row.id));
    await tx
      .update(users)
      .set({ email: row.value, emailVerifiedAt: row.verifiedAt, updatedAt: new Date() })
      .where(eq(users.id, user.id));
  });
}

export async function removeAuthenticator(input: ProfileInput & { id: number }) {
  authorizeSignInChange(input.actor);
  const row = await findOwn(input, eq(authenticators.id, input.id));
  await input.ctx.db.delete(authenticators).where(eq(authenticators.id, row.id));
}
