import { z } from 'zod';
import { int32, rowIdParam } from '../contract/common.ts';
import { messageResponse } from '../contract/responses.ts';
import { REMOTE_LOGIN_REASON_MAX, REMOTE_LOGIN_REASON_REQUIRED } from '../staff/contract.ts';

/**
 * Sign-in, sessions, tokens, challenges (magic links), password resets and email confirmation: request
 * bodies and the exact shape of every answer. The server declares these on its routes (validated on the
 * way in and out, listed in /api/docs) and the web app imports the inferred types.
 */

/** What a challenge's email is for; the link it carries opens /verify/{template}/{id}/{code}. */
export const CHALLENGE_TEMPLATES = ['magic-link', 'verification-email', 'reset-password'] as const;
export type ChallengeTemplate = (typeof CHALLENGE_TEMPLATES)[number];

/**
 * POST /api/authn/session/credentials signs in with Basic authorization; a body may come along (API
 * clients often send their credentials twice) and only `create` makes it a registration.
 */
export const credentialsBody = z.looseObject({ create: z.boolean().optional() }).nullish();

/** The registration that POST /api/authn/session/credentials reads when `create` is true. */
export const registerUserBody = z.object({
  email: z.string().max(254),
  password: z.string().max(256),
  first_name: z.string().max(100),
  family_name: z.string().max(100),
  create: z.literal(true),
  tos: z.boolean().optional(),
  company: z
    .object({
      company_name: z.string().max(200),
      features: z
        .array(z.object({ feature_type_id: int32, value: z.string().max(200) }))
        .max(20)
        .optional(),
    })
    .optional(),
});
export type RegisterUserBody = z.infer<typeof registerUserBody>;

/**
 * POST /api/authn/access_token. The ids are coerced like path ids: clients have sent them as strings
 * since the spec's client (remote login passes what it read from the URL).
 */
export const accessTokenBody = z.object({ account_id: rowIdParam, user_id: rowIdParam.optional() });
export type AccessTokenBody = z.infer<typeof accessTokenBody>;

/** POST /api/authn/session/remote: staff sign in as a member of one workspace. */
export const remoteLoginBody = z.object({
  user_id: rowIdParam,
  account_id: rowIdParam,
  /** Why staff log in as this user: required, recorded in the audit log. */
  reason: z
    .string(REMOTE_LOGIN_REASON_REQUIRED)
    .trim()
    .min(1, REMOTE_LOGIN_REASON_REQUIRED)
    .max(REMOTE_LOGIN_REASON_MAX, `Keep the reason under ${REMOTE_LOGIN_REASON_MAX} characters`),
});
export type RemoteLoginBody = z.infer<typeof remoteLoginBody>;

/** POST /api/authn/challenge */
export const requestChallengeBody = z.object({
  identifier: z.object({ type: z.literal('email'), value: z.string().max(254) }),
  template: z.enum(CHALLENGE_TEMPLATES),
  state: z.string().max(500).optional(),
  create: z.boolean().optional(),
});
export type RequestChallengeBody = z.infer<typeof requestChallengeBody>;

/** GET, DELETE /api/authn/challenge/{id} and POST /api/authn/session/challenge/{id} */
export const challengeParams = z.object({ id: z.string() });
/** The receipt handed to whoever asked for the challenge: only they may look at it or withdraw it. */
export const challengeReceiptQuery = z.object({ receipt: z.string().min(1) });

/** POST /api/authn/session/challenge/{id}: the 8-character code from the email. */
export const redeemChallengeBody = z.object({ code: z.string() });
export type RedeemChallengeBody = z.infer<typeof redeemChallengeBody>;

/** GET /api/public/auth/email/{email} */
export const emailParams = z.object({ email: z.string() });

/** PATCH /api/public/user/password/forgot */
export const forgotPasswordBody = z.object({ email: z.string() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /api/public/user/password/reset/: `code` is the link's '{id}.{secret}'. */
export const resetPasswordBody = z.object({ code: z.string(), password: z.string() });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** GET /api/user/confirm/{code}: the six digits as the page shows them, '123-456'. */
export const confirmEmailParams = z.object({ code: z.string() });

/** The signed-in user (GET /api/user/me), also in every answer that signs in. */
export const sessionUser = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  family_name: z.string(),
  phone: z.string().nullable(),
  email_verified: z.boolean(),
  password_allowed: z.boolean(),
  password_prompted: z.boolean(),
  is_staff: z.boolean(),
  /** The staff member acting as this user by remote login. */
  impersonator_id: z.number().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** POST /api/authn/session/id_token and /oidc/token: the session (cookie or id_token) as a fresh id_token. */
export const idTokenResponse = z.object({ id_token: z.string() });
export type IdTokenResponse = z.infer<typeof idTokenResponse>;

/** POST /api/authn/session/credentials with a password (200). */
export const signInResponse = idTokenResponse.extend({ user: sessionUser });
export type SignInResponse = z.infer<typeof signInResponse>;

/**
 * POST /api/public/user/password/reset/: the message, and, when the link set the account's first password
 * (an invitation's, or a first password asked for by mail), the sign-in it opened (a session cookie too).
 */
export const resetPasswordResponse = messageResponse.extend({
  id_token: z.string().optional(),
  user: sessionUser.optional(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

/** POST /api/authn/session/credentials with `create` (201): and the workspace made with it, if asked. */
export const registrationResponse = signInResponse.extend({ account_id: z.number().nullable() });
export type RegistrationResponse = z.infer<typeof registrationResponse>;

/** POST /api/authn/session/challenge/{id}: `state` is what the challenge was asked with (else its template). */
export const challengeSignInResponse = signInResponse.extend({ state: z.string().nullable() });
export type ChallengeSignInResponse = z.infer<typeof challengeSignInResponse>;

/** POST /api/authn/session/remote: signed in as the user, with a token for the workspace already. */
export const remoteLoginResponse = signInResponse.extend({
  access_token: z.string(),
  account_id: z.number(),
});
export type RemoteLoginResponse = z.infer<typeof remoteLoginResponse>;

/** POST /api/authn/access_token */
export const accessTokenResponse = z.object({ access_token: z.string() });
export type AccessTokenResponse = z.infer<typeof accessTokenResponse>;

/** POST /api/authn/challenge (201): keep the receipt to ask about the challenge later. */
export const challengeReceipt = z.object({
  id: z.string(),
  receipt: z.string(),
  template: z.enum(CHALLENGE_TEMPLATES),
});
export type ChallengeReceipt = z.infer<typeof challengeReceipt>;

/** GET /api/authn/challenge/{id}: `template` is the challenge's state (its template unless one was given). */
export const challengeStatusView = z.object({
  id: z.string(),
  status: z.enum(['pending', 'verified', 'expired']),
  template: z.string().nullable(),
});
export type ChallengeStatusView = z.infer<typeof challengeStatusView>;

/** GET /api/public/auth/email/{email}: how the login page goes on with a known address. */
export const emailCheck = z.object({ password_allowed: z.boolean(), email_verified: z.boolean() });
export type EmailCheck = z.infer<typeof emailCheck>;

/** A partner's single sign-on button on its brand's login page: its text and the auth URL it navigates to. */
export const partnerSignInButton = z.object({
  label: z.string(),
  url: z.string(),
  /** POST here (signed in) to link one's account to this sign-in (the partner's own people). */
  link_url: z.string(),
});
export type PartnerSignInButton = z.infer<typeof partnerSignInButton>;

/**
 * GET /api/public/auth/providers: which sign-in buttons the login page shows. `partner` only on the host
 * of a partner brand whose partner has single sign-on configured (its label and where the button goes).
 */
export const authProviders = z.object({
  google: z.boolean(),
  partner: partnerSignInButton.optional(),
});
export type AuthProviders = z.infer<typeof authProviders>;

/** GET /api/public/auth/check-password: the spec's password rules, with the first broken one's message. */
export const passwordStrength = z.object({ valid: z.boolean(), message: z.string().nullable() });
export type PasswordStrength = z.infer<typeof passwordStrength>;

/** GET /api/user/confirm/{code}: always true (a wrong code is an error). */
export const emailConfirmation = z.object({ email_verified: z.boolean() });
export type EmailConfirmation = z.infer<typeof emailConfirmation>;

/**
 * An account whose email address is not verified cannot bring anyone in or send anything out (invite,
 * make an admin or owner, share a room, a link, a form or a document): until then it may belong to
 * whoever typed someone else's address. Code UNVERIFIED_CONTACT (403).
 */
export const VERIFY_TO_SHARE =
  'Verify your account first: until your email address is verified, you cannot invite people, make someone an admin or share.';

/**
 * What an account's registration set up before its address was proven, shown to the address's owner
 * once they prove it, to keep or remove (GET /api/user/takeover). Memberships it granted are suspended
 * until kept. `email`: the member's or the room link's recipient; `is_admin`: the member's role; `room`:
 * the room a personal link opens; `path`: the cabinet folder a shared link opens.
 */
export const TAKEOVER_KINDS = ['workspace', 'membership', 'shared_link', 'room_code'] as const;
export type TakeoverKind = (typeof TAKEOVER_KINDS)[number];

export const takeoverItemView = z.object({
  id: z.number(),
  kind: z.enum(TAKEOVER_KINDS),
  workspace: z.object({ id: z.number(), name: z.string() }),
  email: z.string().nullable(),
  is_admin: z.boolean().nullable(),
  room: z.string().nullable(),
  path: z.string().nullable(),
  created_at: z.string(),
});
export type TakeoverItemView = z.infer<typeof takeoverItemView>;

export const takeoverReview = z.object({ items: z.array(takeoverItemView) });
export type TakeoverReview = z.infer<typeof takeoverReview>;

/** POST /api/user/takeover/{id} */
export const takeoverDecisionBody = z.object({ decision: z.enum(['keep', 'remove']) });
export type TakeoverDecisionBody = z.infer<typeof takeoverDecisionBody>;
