import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authenticators, emailClaims, users } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/actor.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { claiming, emailInUse } from './email-claims.ts';
import { passwordLink } from './password-links.ts';

/**
 * Inviting someone by address, to a workspace (modules/members) or a partner's team (modules/partners):
 * who the address reaches, a passwordless user for a new one, and the link that lets them set up sign-in.
 */

/** How long an invitation's set-up link stays valid. */
export const INVITATION_TTL_DAYS = 7;

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

/** A passwordless user for an address no one holds (one claimed meanwhile answers 409). */
export async function createInvitee(
  tx: Tx,
  input: { email: string; first_name?: string | null; family_name?: string | null },
): Promise<UserRow> {
  const values = {
    email: input.email,
    firstName: input.first_name?.trim() ?? '',
    familyName: input.family_name?.trim() ?? '',
  };
  const [user] = await claiming(() => tx.insert(users).values(values).returning());
  return user;
}

/**
 * For an invitee who has not proven their address yet, a set-password link valid for a week: opening it
 * proves the inbox and sets how they sign in (it replaces an earlier one). Null for everyone else.
 */
export async function setUpLinkFor(tx: Tx, user: UserRow, brand: MailBrand): Promise<string | null> {
  if (user.emailVerifiedAt !== null) return null;
  return passwordLink(tx, user, brand, INVITATION_TTL_DAYS * 86_400_000, { invite: true });
}
