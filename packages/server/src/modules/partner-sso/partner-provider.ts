import { defaultPartnerSsoLabel, type PartnerSignInButton } from '@charter/domain';
import type { brands } from '../../db/schema/index.ts';
import type { OidcProvider } from '../oidc/oidc-flow.ts';
import type { IssuerTrust } from '../oidc/sign-in-with-oidc.ts';
import type { PartnerRow } from './scope.ts';

type BrandRow = typeof brands.$inferSelect;

export const partnerAuthPath = (slug: string) => `/api/authn/oidc/partner/${encodeURIComponent(slug)}/auth`;
export const partnerCallbackPath = (slug: string) =>
  `/api/authn/oidc/partner/${encodeURIComponent(slug)}/callback`;

/** Where the brand's site lives: its web address, else https on its hostname. No trailing slash. */
const brandBaseUrl = (brand: BrandRow) =>
  (brand.webBaseUrl || `https://${brand.hostname}`).replace(/\/+$/, '');

/** The redirect URI the partner registers at its issuer: on its own brand's site, where its users sign in. */
export const partnerRedirectUri = (partner: PartnerRow, brand: BrandRow) =>
  `${brandBaseUrl(brand)}${partnerCallbackPath(partner.slug)}`;

export const partnerButtonLabel = (partner: PartnerRow) =>
  partner.oidcLabel?.trim() || defaultPartnerSsoLabel(partner.name);

export const partnerSignInButtonOf = (partner: PartnerRow): PartnerSignInButton => ({
  label: partnerButtonLabel(partner),
  url: partnerAuthPath(partner.slug),
  link_url: `/api/user/oidc/partner/${encodeURIComponent(partner.slug)}/link`,
});

/**
 * A partner's issuer is chosen by the partner's admins, not by whoever runs the server, so its word on an
 * address counts for nothing: it never signs in as an existing account by email (its admins add people to
 * their team without those people's consent, so "on the team" would let them sign in as anyone they add,
 * staff included), and a new user it creates starts with the address unconfirmed, as if self-registered,
 * so the address's real owner can still prove it and take the account over (take-over-account.ts). It
 * signs in only the users it created, by (issuer, subject).
 */
export const PARTNER_ISSUER: IssuerTrust = {
  mayLinkByEmail: async () => false,
  verifiesNewEmails: false,
};

/**
 * The partner's issuer as an OIDC provider; its state cookie names the partner, issuer and client. It is
 * guarded at every use as when it was saved (public addresses only), since its name may resolve elsewhere now.
 */
export function partnerProvider(partner: PartnerRow, brand: BrandRow, allowLoopback: boolean): OidcProvider {
  const settings = {
    issuer: partner.oidcIssuer ?? '',
    clientId: partner.oidcClientId ?? '',
    clientSecret: partner.oidcClientSecret ?? '',
    guard: { allowLoopback },
  };
  return {
    key: JSON.stringify(['partner', partner.id, settings.issuer, settings.clientId]),
    settings,
    redirectUri: partnerRedirectUri(partner, brand),
    trust: PARTNER_ISSUER,
  };
}
