import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { loadPartnerForSso } from './load-partner-for-sso.ts';
import { presentPartnerSso } from './presenters.ts';

export async function getPartnerSso({ tx, actor, partnerId }: { tx: Tx; actor: Actor; partnerId: number }) {
  const loaded = await loadPartnerForSso(tx, actor, partnerId, false);
  return presentPartnerSso(loaded, loaded.abilities);
}
