import { z } from 'zod';
import { rowId, rowIdParam } from '../contract/common.ts';

/**
 * Partner CRM single sign-on (spec 1 §1, §2 Login, §4 step 5): a partner's own OpenID Connect issuer,
 * shown as a sign-in button on the login page of the partner's brand. Configured by the partner's admins.
 */

export const PARTNER_SSO_MESSAGES = {
  issuerUrl: 'Issuer must be an https URL',
  clientIdRequired: 'Client ID is required',
  clientSecretRequired: 'Client secret is required',
} as const;

/** The button's text when the partner names none. */
export const defaultPartnerSsoLabel = (partnerName: string) => `Sign in with ${partnerName}`;

/** GET /api/authn/oidc/partner/{slug}/auth and …/callback */
export const partnerSlugParams = z.object({ slug: z.string().min(1).max(200) });

/**
 * POST /api/user/oidc/partner/{slug}/link: one of the partner's people links their account to its CRM
 * sign-in; the answer is the issuer's page to open. Back at `redirect` with ?oidc_linked=1, or ?oidc_error=.
 */
export const partnerLinkBody = z.object({ redirect: z.string().max(2000).startsWith('/') });
export const partnerLinkResponse = z.object({ url: z.string() });
export const PARTNER_LINK_TEAM_ONLY = "Only the partner's own people can link their account to its sign-in.";

/** GET, PUT and DELETE /api/user/partner/{partnerId}/sso */
export const partnerSsoParams = z.object({ partnerId: rowIdParam });

/** PUT /api/user/partner/{partnerId}/sso: the secret is write-only; omitted, the saved one is kept. */
export const partnerSsoBody = z.object({
  issuer: z.string().trim().min(1, PARTNER_SSO_MESSAGES.issuerUrl).max(500),
  client_id: z.string().trim().min(1, PARTNER_SSO_MESSAGES.clientIdRequired).max(500),
  client_secret: z.string().min(1, PARTNER_SSO_MESSAGES.clientSecretRequired).max(2000).optional(),
  label: z.string().trim().max(100).nullish(),
});
export type PartnerSsoBody = z.infer<typeof partnerSsoBody>;

/** What the partner's admins see; never the client secret, only whether one is saved. */
export const partnerSsoView = z.object({
  partner_id: rowId,
  partner_name: z.string(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  label: z.string().nullable(),
  /** The label the button shows (the partner's, else 'Sign in with {partner name}'). */
  button_label: z.string(),
  /** The redirect URI to register at the issuer; null while the partner has no brand. */
  redirect_uri: z.string().nullable(),
  configured: z.boolean(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type PartnerSsoView = z.infer<typeof partnerSsoView>;
