import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authenticators, emailClaims, users } from '../../db/schema/index.ts';
import { emailInUse } from '../auth/email-claims.ts';

/**
 * The user an invitation by address reaches: whoever holds it as their primary address, or as a verified
 * extra one. An extra address not proven yet belongs to no one we could add: it is refused, not guessed.
 */
export async function findInvitee(tx: Tx, email: string) {
  const [claim] = await tx
    .select({ user: users })
    .from(emailClaims)
    .innerJoin(users, eq(users.id, emailClaims.userId))
    .where(eq(emailClaims.address, sql`lower(${email})`))
    .limit(1);
  if (!claim) return null;
  if (claim.user.email.toLowerCase() === email.toLowerCase()) return claim.user;
  const [extra] = await tx
    .select({ verifiedAt: authenticators.verifiedAt })
    .from(authenticators)
    .where(sql`lower(${authenticators.value}) = lower(${email})`)
    .limit(1);
  if (!extra?.verifiedAt) throw emailInUse();
  return claim.user;
}
