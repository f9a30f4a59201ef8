import type { SessionUser } from '@charter/domain';
import type { UserRow } from '../../http/actor.ts';

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
    filecabinet_access: user.filecabinetAccess,
    impersonator_id: impersonatorId,
  };
}
