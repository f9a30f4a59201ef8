import { z } from 'zod';
import { idParams, int32 } from '../contract/common.ts';
import { profileCounselView, profilePartnerView, profileTeamView } from '../partners/contract.ts';

/**
 * The user's own settings: profile, password and email addresses (authenticators). Request bodies and
 * the exact shape of every answer, declared by the server's routes and imported by the web app.
 */

/** PUT /api/user/settings/profile */
export const updateProfileBody = z.object({
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  phone: z.string().max(40).nullish(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** PUT /api/user/settings/password: the current password is asked only of users who have one. */
export const changePasswordBody = z.object({
  current_password: z.string().optional(),
  password: z.string().max(256),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/user/settings/authenticators: an address to add (a six-digit code is mailed to it). */
export const addAuthenticatorBody = z.object({ email: z.string() });
export type AddAuthenticatorBody = z.infer<typeof addAuthenticatorBody>;

/** PUT /api/user/settings/authenticators: the mailed code travels as `password`, formatted 123-456. */
export const verifyAuthenticatorBody = z.object({ email: z.string(), password: z.string() });
export type VerifyAuthenticatorBody = z.infer<typeof verifyAuthenticatorBody>;

/** PATCH and DELETE /api/v1/user/authenticators/{id} */
export const authenticatorParams = idParams;

/** PATCH /api/v1/user/authenticators/{id}: priority 0 makes a verified address the primary one. */
export const updateAuthenticatorBody = z.object({ priority: int32.min(0) });
export type UpdateAuthenticatorBody = z.infer<typeof updateAuthenticatorBody>;

/** GET and PUT /api/user/settings/profile */
export const profileView = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** '' when the user has none. */
  phone: z.string(),
  email: z.string(),
  /** The primary address first, then the verified extra ones. */
  emails: z.array(z.string()),
  /** The partners' people serving the user's workspaces. */
  counsels: z.array(profileCounselView),
  /** The user's partner memberships, with their role_id (spec 1 §3). */
  partners: z.array(profilePartnerView),
  /** The same memberships as teams (the Teams page). */
  teams: z.array(profileTeamView),
});
export type ProfileView = z.infer<typeof profileView>;

/**
 * An email address the user signs in with (GET /api/v1/user/authenticators, and the answer of adding
 * or verifying one). The primary address is listed first with id 0 and priority 0.
 */
export const authenticatorView = z.object({
  id: z.number(),
  pub_id: z.string(),
  type: z.string(),
  value: z.string(),
  priority: z.number(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type AuthenticatorView = z.infer<typeof authenticatorView>;
