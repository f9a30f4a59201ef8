import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authenticators } from '../../db/schema/index.ts';

/** A user's added email addresses, verified or not, for the profile. */
export async function findExtraEmails(tx: Tx, userId: number) {
  return tx
    .select({ value: authenticators.value, verifiedAt: authenticators.verifiedAt })
    .from(authenticators)
    .where(eq(authenticators.userId, userId));
}
