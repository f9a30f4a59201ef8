import type { AuthenticatorView, ProfileView } from '@charter/domain';
import type { authenticators } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/actor.ts';

type AuthenticatorRow = typeof authenticators.$inferSelect;

export function presentAuthenticator(row: AuthenticatorRow): AuthenticatorView {
  return {
    id: row.id,
    pub_id: row.pubId,
    type: row.type,
    value: row.value,
    priority: row.priority,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The primary address (users.email), listed as id 0 and priority 0 before the added ones. */
export function presentPrimaryEmail(user: UserRow): AuthenticatorView {
  return {
    id: 0,
    pub_id: `primary-${user.id}`,
    type: 'email',
    value: user.email,
    priority: 0,
    verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

/** `extra` are the user's added addresses; only the verified ones are listed, after the primary one. */
export function presentProfile(
  user: UserRow,
  extra: { value: string; verifiedAt: Date | null }[],
  partnerParts: Pick<ProfileView, 'counsels' | 'partners' | 'teams'>,
): ProfileView {
  return {
    firstName: user.firstName,
    lastName: user.familyName,
    phone: user.phone ?? '',
    email: user.email,
    emails: [user.email, ...extra.filter((e) => e.verifiedAt).map((e) => e.value)],
    ...partnerParts,
  };
}
