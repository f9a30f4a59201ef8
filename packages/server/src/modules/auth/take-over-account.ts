import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authenticators, oidcIdentities, users } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/actor.ts';
import { recordTakeover } from './record-takeover.ts';
import { revokeUserSessions } from './session-store.ts';

/**
 * The owner of `user.email` just proved it (an emailed link or code, or an issuer that verified it).
 * If nobody had before, whoever registered the address may have been someone else preparing the account
 * in advance: their password, sessions, extra addresses and linked sign-ins go, so the account becomes
 * the owner's alone, and what the registration set up waits for the owner's review, the memberships it
 * granted suspended (record-takeover.ts). Returns the user with the address verified.
 */
export async function verifyProvenEmail(tx: Tx, user: UserRow): Promise<UserRow> {
  if (user.emailVerifiedAt) return user;
  await revokeUserSessions(tx, user.id);
  await recordTakeover(tx, user.id);
  await tx.delete(authenticators).where(eq(authenticators.userId, user.id));
  await tx.delete(oidcIdentities).where(eq(oidcIdentities.userId, user.id));
  const [verified] = await tx
    .update(users)
    .set({ emailVerifiedAt: new Date(), passwordHash: null, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return verified;
}
