import { randomUUID } from 'node:crypto';
import { parseConfirmationCode, validateEmail, WRONG_CONFIRMATION_CODE } from '@charter/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { authenticators, users } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import { sendSixDigitCode } from '../auth/confirm-email.ts';
import { findUserByEmail } from '../auth/find-user.ts';
import { checkCode, consumeCode, findOpenCode } from '../auth/one-time-codes.ts';
import type { MailBrand } from '../brand/mail-brand.ts';

type Row = typeof authenticators.$inferSelect;

const present = (row: Row) => ({
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

export async function listAuthenticators({ ctx, actor }: ProfileInput) {
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

async function emailTaken(ctx: AppContext, email: string) {
  if (await findUserByEmail(ctx.db, email)) return true;
  const [row] = await ctx.db
    .select({ id: authenticators.id })
    .from(authenticators)
    .where(sql`lower(${authenticators.value}) = lower(${email})`)
    .limit(1);
  return Boolean(row);
}

export async function addAuthenticator(input: ProfileInput & { email: string; brand: MailBrand }) {
  const { ctx, email, brand } = input;
  const { user } = input.actor;
  const emailError = validateEmail(email);
  if (emailError) throw invalid({ email: emailError });
  if (await emailTaken(ctx, email)) {
    throw new AppError('E_EMAIL_ALREADY_CLAIMED', 'This email address is already in use.');
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(authenticators)
      .values({ pubId: randomUUID(), userId: user.id, value: email.trim(), priority: 1 })
      .returning();
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
  const { ctx } = input;
  const { user } = input.actor;
  const row = await findOwn(input, eq(authenticators.id, input.id));
  if (!row.verifiedAt) throw invalid({ priority: 'Verify this email address first.' });
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(authenticators)
      .set({ value: user.email, verifiedAt: user.emailVerifiedAt ?? new Date() })
      .where(eq(authenticators.id, row.id));
    await tx
      .update(users)
      .set({ email: row.value, emailVerifiedAt: row.verifiedAt, updatedAt: new Date() })
      .where(eq(users.id, user.id));
  });
}

export async function removeAuthenticator(input: ProfileInput & { id: number }) {
  const row = await findOwn(input, eq(authenticators.id, input.id));
  await input.ctx.db.delete(authenticators).where(eq(authenticators.id, row.id));
}
