import type { ProfileView } from '@charter/domain';
import type { UserRow } from '../../http/actor.ts';

/** `extra` are the user's added addresses; only the verified ones are listed, after the primary one. */
export function presentProfile(
  user: UserRow,
  extra: { value: string; verifiedAt: Date | null }[],
): ProfileView {
  return {
    firstName: user.firstName,
    lastName: user.familyName,
    phone: user.phone ?? '',
    email: user.email,
    emails: [user.email, ...extra.filter((e) => e.verifiedAt).map((e) => e.value)],
    counsels: [],
    partners: [],
    teams: [],
  };
}
