import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { hashEquals, sha256 } from '../../adapters/secrets.ts';
import type { Db, Tx } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

export type CodePurpose = 'confirm_email' | 'challenge' | 'reset_password' | 'authenticator';

export const MAX_CODE_ATTEMPTS = 5;

/**
 * Six-digit codes can be guessed, and each resend mails a fresh one: their wrong tries are counted per
 * user and address over the last hour, across resends, so asking for a new code buys no more guesses.
 */
const GUESSABLE: ReadonlySet<CodePurpose> = new Set(['confirm_email', 'authenticator']);
const GUESS_WINDOW = sql.raw("interval '1 hour'");
export const TOO_MANY_GUESSES = 'Too many attempts. Please wait an hour and try again.';

export type CodeRow = typeof oneTimeCodes.$inferSelect;

export async function issueCode(
  tx: Tx,
  input: {
    purpose: CodePurpose;
    /** Null for a challenge mailed to an address nobody holds yet (auth/proven-code-user.ts). */
    userId: number | null;
    email: string;
    code: string;
    ttlMs: number;
    state?: string | null;
    receipt?: string;
    /** Earlier unused codes of the same purpose stop working (resend). */
    replace?: boolean;
  },
): Promise<string> {
  if (input.replace && input.userId !== null) {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(oneTimeCodes.userId, input.userId),
          eq(oneTimeCodes.purpose, input.purpose),
          eq(oneTimeCodes.email, input.email),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
  }
  const id = randomUUID();
  await tx.insert(oneTimeCodes).values({
    id,
    purpose: input.purpose,
    userId: input.userId,
    email: input.email,
    codeHash: sha256(input.code),
    receiptHash: input.receipt ? sha256(input.receipt) : null,
    state: input.state ?? null,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return id;
}

/**
 * Checks a submitted code. Runs on the database itself, not the request's transaction, so the
 * attempt it counts stays counted when the request then fails.
 */
export async function checkCode(
  db: Db,
  row: CodeRow | null | undefined,
  code: string,
  invalidMessage: string,
) {
  if (!row) throw new AppError('E_CODE_INVALID', invalidMessage);
  if (row.consumedAt) throw new AppError('E_CODE_REDEEMED', 'This code has already been used.');
  if (row.expiresAt.getTime() < Date.now())
    throw new AppError('TOKEN_EXPIRED_ERROR', 'This code has expired.');
  const guessable = GUESSABLE.has(row.purpose as CodePurpose);
  const recentTries = sql`(select coalesce(sum(o.attempts), 0) from one_time_codes o
    where o.user_id = ${row.userId} and o.purpose = ${row.purpose} and o.email = ${row.email}
      and o.created_at > now() - ${GUESS_WINDOW})`;
  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, row.id),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
        guessable ? sql`${recentTries} < ${MAX_CODE_ATTEMPTS}` : undefined,
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  if (!counted) {
    const message = guessable ? TOO_MANY_GUESSES : 'Too many attempts. Please request a new code.';
    throw new AppError('E_CODE_RETRY', message);
  }
  if (!hashEquals(row.codeHash, code)) throw new AppError('E_CODE_INVALID', invalidMessage);
}

/** Marks a checked code used; a second redemption racing this one loses. */
export async function consumeCode(tx: Tx, id: string) {
  const [used] = await tx
    .update(oneTimeCodes)
    .set({ consumedAt: new Date(), verifiedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  if (!used) throw new AppError('E_CODE_REDEEMED', 'This code has already been used.');
}

export async function findCode(db: Tx, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, id)).limit(1);
  return row ?? null;
}

/** The newest unused code of a purpose for a user (six-digit email confirmation). */
export async function findOpenCode(db: Tx, userId: number, purpose: CodePurpose, email?: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        email ? eq(oneTimeCodes.email, email) : undefined,
      ),
    )
    .orderBy(sql`${oneTimeCodes.createdAt} desc`)
    .limit(1);
  return row ?? null;
}
