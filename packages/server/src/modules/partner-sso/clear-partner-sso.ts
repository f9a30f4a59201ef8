import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { loadPartnerForSso } from './load-partner-for-sso.ts';
import { presentPartnerSso } from './presenters.ts';

/** Turns the partner's single sign-on off: issuer, client, secret and label are forgotten. Audited. */
export async function clearPartnerSso({
  tx,
  actor,
  partnerId,
  ip,
}: {
  tx: Tx;
  actor: Actor;
  partnerId: number;
  ip: string;
}) {
  const loaded = await loadPartnerForSso(tx, actor, partnerId, true);
  const [partner] = await tx
    .update(partners)
    .set({ oidcIssuer: null, oidcClientId: null, oidcClientSecret: null, oidcLabel: null })
    .where(eq(partners.id, partnerId))
    .returning();
  await recordAudit(
    tx,
    actor,
    'partner_sso_cleared',
    { partner_id: partnerId, previous_issuer: loaded.partner.oidcIssuer },
    { ip },
  );
  return presentPartnerSso({ partner, brand: loaded.brand }, loaded.abilities);
}
