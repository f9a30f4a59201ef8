import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { oidcIdentities } from '../../db/schema/index.ts';
import { findSessionByCookie } from '../auth/session-store.ts';
import { OidcFailure } from './oidc-failure.ts';

/**
 * Links an issuer's identity to the user who asked for it: the browser must still hold that very session
 * (not an impersonated one), and the identity may belong to nobody else. Signing in with the issuer then
 * reaches this user by (issuer, subject), never by the address the issuer states.
 */
export async function linkIdentityToSession(
  tx: Tx,
  input: {
    cookie: string | undefined;
    link: { userId: number; sessionId: string };
    profile: { issuer: string; subject: string };
  },
) {
  const { link, profile } = input;
  const row = await findSessionByCookie(tx, input.cookie);
  if (
    !row ||
    row.session.id !== link.sessionId ||
    row.user.id !== link.userId ||
    row.session.impersonatorId
  ) {
    throw new OidcFailure('state');
  }
  const [held] = await tx
    .select({ userId: oidcIdentities.userId })
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.issuer, profile.issuer), eq(oidcIdentities.subject, profile.subject)))
    .limit(1);
  if (held && held.userId !== link.userId) throw new OidcFailure('identity_in_use');
  if (!held) {
    await tx
      .insert(oidcIdentities)
      .values({ userId: link.userId, issuer: profile.issuer, subject: profile.subject });
  }
}
