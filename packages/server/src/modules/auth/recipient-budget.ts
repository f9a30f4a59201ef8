import { ROOM_VISITOR_TEMPLATE } from '@charter/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

/**
 * How many mails of one kind one address receives in an hour, whoever asks and from wherever: the
 * per-client limit stops one client hammering, this stops many clients (or one behind many addresses)
 * filling someone's inbox with codes and links they did not ask for.
 */
export const RECIPIENT_MAIL_BUDGET = { max: 5, windowSeconds: 3600 } as const;

/** The mails a route sends to an address someone typed, told apart by the codes they carry. */
export type RecipientMail = 'reset' | 'challenge' | 'room_challenge';

const ROOM_STATE = `${ROOM_VISITOR_TEMPLATE}:%`;
const kindOf: Record<RecipientMail, SQL> = {
  // Reset links, and the set-up links of invitations and of "Email New Password Link": all the same mail.
  reset: sql`${oneTimeCodes.purpose} = 'reset_password'`,
  challenge: sql`${oneTimeCodes.purpose} = 'challenge' and coalesce(${oneTimeCodes.state}, '') not like ${ROOM_STATE}`,
  room_challenge: sql`${oneTimeCodes.purpose} = 'challenge' and ${oneTimeCodes.state} like ${ROOM_STATE}`,
};

/**
 * Seconds until `email` may receive another mail of this kind (0: now). Counted from the codes mailed
 * (one_time_codes, every instance's), and the address's check is serialized by a transaction lock so that
 * concurrent requests cannot all pass on the same count.
 */
export async function recipientWait(tx: Tx, kind: RecipientMail, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recipient:${kind}:${address}`}))`);
  const window = sql.raw(`interval '${RECIPIENT_MAIL_BUDGET.windowSeconds} seconds'`);
  const [row] = await tx
    .select({
      sent: sql<number>`count(*)::int`,
      // When the oldest mail of the window leaves it, by the database's clock.
      wait: sql<number>`coalesce(ceil(extract(epoch from min(${oneTimeCodes.createdAt}) + ${window} - now())), 0)::int`,
    })
    .from(oneTimeCodes)
    .where(
      sql`lower(${oneTimeCodes.email}) = ${address} and ${kindOf[kind]}
          and ${oneTimeCodes.createdAt} > now() - ${window}`,
    );
  return row.sent < RECIPIENT_MAIL_BUDGET.max ? 0 : Math.max(1, row.wait);
}

/** Where saying so reveals nothing (the route already tells who has an account): a 429 with Retry-After. */
export async function spendRecipientBudget(tx: Tx, kind: RecipientMail, email: string) {
  const wait = await recipientWait(tx, kind, email);
  if (wait === 0) return;
  const error = new AppError(
    'RATE_LIMITED',
    'Too many emails were sent to this address. Please wait and try again.',
  );
  throw Object.assign(error, { retryAfter: wait });
}
