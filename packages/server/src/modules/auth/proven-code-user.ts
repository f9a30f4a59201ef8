import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { claiming } from './email-claims.ts';
import { findUserByEmail } from './find-user.ts';
import type { CodeRow } from './one-time-codes.ts';
import { verifyProvenEmail } from './take-over-account.ts';

const disabled = () => new AppError('FORBIDDEN', 'This account is disabled.');

/**
 * Whom a redeemed challenge signs in (auth/redeem-challenge, room-visitors/verify-visitor). The code was
 * mailed either to a user's address, which it now proves (and the first proof takes over an account
 * someone else registered with it: verifyProvenEmail), or to an address nobody held: the user is made
 * now, already proven, or, if someone registered the address since, that account is proven and taken
 * over. No user row ever stands for an address nobody proved by asking for a code.
 */
export async function provenCodeUser(tx: Tx, row: CodeRow): Promise<UserRow> {
  if (row.userId !== null) {
    const [found] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!found || found.disabledAt) throw disabled();
    // A code mailed to an address the user has since moved away from proves nothing about the new one.
    const proven = found.email.toLowerCase() === row.email.toLowerCase();
    return proven ? verifyProvenEmail(tx, found) : found;
  }
  const holder = await findUserByEmail(tx, row.email);
  if (holder) {
    if (holder.disabledAt) throw disabled();
    return verifyProvenEmail(tx, holder);
  }
  // Someone's extra address meanwhile: the database refuses it (409), as registering it would be.
  const [created] = await claiming(() =>
    tx.insert(users).values({ email: row.email, emailVerifiedAt: new Date() }).returning(),
  );
  return created;
}
