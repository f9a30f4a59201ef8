import type { PartnerSsoView } from '@charter/domain';
import { partnerButtonLabel, partnerRedirectUri } from './partner-provider.ts';
import type { PartnerWithBrand } from './scope.ts';

/** A partner's single sign-on settings. The client secret never leaves the server, only whether one is set. */
export function presentPartnerSso(
  { partner, brand }: PartnerWithBrand,
  abilities: PartnerSsoView['abilities'],
): PartnerSsoView {
  return {
    partner_id: partner.id,
    partner_name: partner.name,
    issuer: partner.oidcIssuer,
    client_id: partner.oidcClientId,
    has_client_secret: partner.oidcClientSecret !== null,
    label: partner.oidcLabel,
    button_label: partnerButtonLabel(partner),
    redirect_uri: brand ? partnerRedirectUri(partner, brand) : null,
    configured: Boolean(partner.oidcIssuer && partner.oidcClientId && partner.oidcClientSecret),
    abilities,
  };
}
