import { PARTNER_SSO_MESSAGES, type PartnerSsoBody } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { isAllowedIssuerUrl } from '../oidc/issuer-url.ts';
import { checkIssuer } from '../oidc/oidc-client.ts';
import { loadPartnerForSso } from './load-partner-for-sso.ts';
import { presentPartnerSso } from './presenters.ts';

export const issuerUnreachable = (issuer: string) =>
  `Could not read the OpenID configuration of ${issuer} with this client`;
export const issuerNotPublic = (issuer: string) => `${issuer} does not resolve to a public address`;
export const endpointNotPublic = (issuer: string) =>
  `The OpenID configuration of ${issuer} names an endpoint that is not a public https address`;

const checkMessages = {
  issuer_not_public: issuerNotPublic,
  endpoint_not_public: endpointNotPublic,
  unreachable: issuerUnreachable,
};

/**
 * Saves a partner's issuer, client and button label, after fetching the issuer's discovery document
 * (outside any transaction: it is a network call), so a typo is reported and nothing is saved. The
 * issuer and the endpoints its document names must resolve to public addresses: the server fetches them,
 * and a partner's admin must not make it reach this machine or its private networks. The
 * secret is write-only: omitted, the saved one is kept. Audited without the secret.
 */
export async function configurePartnerSso({
  db,
  actor,
  partnerId,
  input,
  ip,
  allowLoopback,
}: {
  db: Db;
  actor: Actor;
  partnerId: number;
  input: PartnerSsoBody;
  ip: string;
  /** OIDC_ALLOW_LOOPBACK: plain http issuers on this machine (tests). */
  allowLoopback: boolean;
}) {
  const before = await loadPartnerForSso(db, actor, partnerId, true);
  if (!isAllowedIssuerUrl(input.issuer, allowLoopback))
    throw invalid({ issuer: PARTNER_SSO_MESSAGES.issuerUrl });
  const clientSecret = input.client_secret ?? before.partner.oidcClientSecret;
  if (!clientSecret) throw invalid({ client_secret: PARTNER_SSO_MESSAGES.clientSecretRequired });
  const settings = { issuer: input.issuer, clientId: input.client_id, clientSecret };
  const check = await checkIssuer({ ...settings, guard: { allowLoopback } });
  if (check !== 'ok') throw invalid({ issuer: checkMessages[check](input.issuer) });

  return db.transaction(async (tx) => {
    const loaded = await loadPartnerForSso(tx, actor, partnerId, true);
    const [partner] = await tx
      .update(partners)
      .set({
        oidcIssuer: settings.issuer,
        oidcClientId: settings.clientId,
        oidcClientSecret: settings.clientSecret,
        oidcLabel: input.label?.trim() || null,
      })
      .where(eq(partners.id, partnerId))
      .returning();
    await recordAudit(
      tx,
      actor,
      'partner_sso_configured',
      {
        partner_id: partnerId,
        issuer: settings.issuer,
        client_id: settings.clientId,
        client_secret_changed: input.client_secret !== undefined,
        previous_issuer: loaded.partner.oidcIssuer,
      },
      { ip },
    );
    return presentPartnerSso({ partner, brand: loaded.brand }, loaded.abilities);
  });
}
