import type { UpdateProfileBody } from '@charter/domain';

/** The profile settings' answers and bodies, as the domain declares them. */
export type {
  AuthenticatorView as Authenticator,
  ChangePasswordBody as PasswordInput,
  ProfileView as Profile,
} from '@charter/domain';

/** The profile form's values: the PUT body with the phone as typed ('' for none). */
export type ProfileInput = Omit<UpdateProfileBody, 'phone'> & { phone: string };
