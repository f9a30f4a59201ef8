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

/**
 * How far the platform takes an issuer's word. Google (configured by the operator) may speak for any
 * address; a partner's own issuer (configured by the partner's admins) only for the partner's people.
 */
export type IssuerTrust = {
  /** May this issuer's verified email sign in as (and link to) this existing user? */
  mayLinkByEmail: (tx: Tx, user: UserRow) => Promise<boolean>;
  /** Is the issuer's `email_verified` enough to mark a new user's address verified on the platform? */
  verifiesNewEmails: boolean;
};

/** Google, or the issuer OIDC_ISSUER names: chosen by whoever runs the server. */
export const OPERATOR_ISSUER: IssuerTrust = { mayLinkByEmail: async () => true, verifiesNewEmails: true };

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
async function linkByEmail(tx: Tx, profile: OidcProfile, trust: IssuerTrust): Promise<UserRow | null> {
  const existing = await findUserByEmail(tx, profile.email);
  if (!existing) return null;
  if (!profile.emailVerified) throw new OidcFailure('email_unverified');
  if (existing.disabledAt) throw new OidcFailure('account_disabled');
  if (!(await trust.mayLinkByEmail(tx, existing))) throw new OidcFailure('email_in_use');
  // The issuer just proved the address: an account someone else registered with it becomes the owner's.
  const owner = await verifyProvenEmail(tx, existing);
  await linkIdentity(tx, owner.id, profile);
  return owner;
}

async function createOidcUser(tx: Tx, profile: OidcProfile, trust: IssuerTrust): Promise<UserRow> {
  // Another user's extra address: refused by the database (email_claims).
  const [user] = await claiming(
    () =>
      tx
        .insert(users)
        .values({
          email: profile.email,
          firstName: profile.firstName,
          familyName: profile.familyName,
          emailVerifiedAt: profile.emailVerified && trust.verifiesNewEmails ? new Date() : null,
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
export async function signInWithOidc(
  tx: Tx,
  input: OidcProfile & { ip?: string; userAgent?: string },
  trust: IssuerTrust = OPERATOR_ISSUER,
) {
  const user =
    (await findLinkedUser(tx, input)) ??
    (await linkByEmail(tx, input, trust)) ??
    (await createOidcUser(tx, input, trust));
  if (user.disabledAt) throw new OidcFailure('account_disabled');
  const session = await createSession(tx, {
    userId: user.id,
    method: 'oidc',
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return { user, cookie: session.cookie };
}
