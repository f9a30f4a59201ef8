import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { oidcIdentities, users } from '../../db/schema/index.ts';
import { claiming } from '../auth/email-claims.ts';
import { findUserByEmail } from '../auth/find-user.ts';
import { createSession } from '../auth/session-store.ts';
import { verifyProvenEmail } from '../auth/take-over-account.ts';
import { OidcFailure } from './oidc-failure.ts';

/** Who the issuer says signed in, from its verified ID token. */
export type OidcProfile = {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  familyName: string;
};

type UserRow = typeof users.$inferSelect;

async function findLinkedUser(tx: Tx, profile: OidcProfile): Promise<UserRow | null> {
  const [row] = await tx
    .select({ user: users })
    .from(oidcIdentities)
    .innerJoin(users, eq(users.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.issuer, profile.issuer), eq(oidcIdentities.subject, profile.subject)))
    .limit(1);
  return row?.user ?? null;
}

async function linkIdentity(tx: Tx, userId: number, profile: OidcProfile) {
  await tx.insert(oidcIdentities).values({ userId, issuer: profile.issuer, subject: profile.subject });
}

/** An existing account with the same email, trusted only when the issuer verified the address. */
async function linkByEmail(tx: Tx, profile: OidcProfile): Promise<UserRow | null> {
  const existing = await findUserByEmail(tx, profile.email);
  if (!existing) return null;
  if (!profile.emailVerified) throw new OidcFailure('email_unverified');
  if (existing.disabledAt) throw new OidcFailure('account_disabled');
  // The issuer just proved the address: an account someone else registered with it becomes the owner's.
  const owner = await verifyProvenEmail(tx, existing);
  await linkIdentity(tx, owner.id, profile);
  return owner;
}

async function createOidcUser(tx: Tx, profile: OidcProfile): Promise<UserRow> {
  // Another user's extra address: refused by the database (email_claims).
  const [user] = await claiming(
    () =>
      tx
        .insert(users)
        .values({
          email: profile.email,
          firstName: profile.firstName,
          familyName: profile.familyName,
          emailVerifiedAt: profile.emailVerified ? new Date() : null,
        })
        .returning(),
    () => new OidcFailure('email_in_use'),
  );
  await linkIdentity(tx, user.id, profile);
  return user;
}

/**
 * Finds the user an issuer's identity belongs to (linking it to an account with the same verified
 * email, or to a new passwordless user) and opens a session. Run it in one transaction.
 */
export async function signInWithOidc(tx: Tx, input: OidcProfile & { ip?: string; userAgent?: string }) {
  const user =
    (await findLinkedUser(tx, input)) ?? (await linkByEmail(tx, input)) ?? (await createOidcUser(tx, input));
  if (user.disabledAt) throw new OidcFailure('account_disabled');
  const session = await createSession(tx, {
    userId: user.id,
    method: 'oidc',
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return { user, cookie: session.cookie };
}
