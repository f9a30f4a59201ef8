import type { ChallengeStatusView, EmailCheck, SessionUser } from '@charter/domain';
import type { UserRow } from '../../http/actor.ts';
import type { CodeRow } from './one-time-codes.ts';

export function presentUser(user: UserRow, impersonatorId: number | null = null): SessionUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    family_name: user.familyName,
    phone: user.phone,
    email_verified: user.emailVerifiedAt !== null,
    password_allowed: user.passwordHash !== null,
    password_prompted: user.passwordPrompted,
    is_staff: user.isStaff,
    impersonator_id: impersonatorId,
  };
}

/** `template` is the challenge's state: its template unless it was asked with one. */
export function presentChallengeStatus(row: CodeRow): ChallengeStatusView {
  const status = row.consumedAt ? 'verified' : row.expiresAt.getTime() < Date.now() ? 'expired' : 'pending';
  return { id: row.id, status, template: row.state };
}

/** Whether the login page asks for a password, and whether the address is confirmed. */
export function presentEmailCheck(user: UserRow): EmailCheck {
  return { password_allowed: user.passwordHash !== null, email_verified: user.emailVerifiedAt !== null };
}
