import type { CreditsView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { creditsVisible } from './policies.ts';
import { loadStanding } from './standing.ts';

/** GET /api/account/billing/credits: the workspace's document credits for the top bar's counter. */
export async function getCredits({ tx, actor }: { tx: Tx; actor: MemberActor }): Promise<CreditsView> {
  const standing = await loadStanding(tx, actor.accountId);
  const { limit, used, remaining } = standing.credits;
  return { limit, used, remaining, visible: creditsVisible(actor, standing) };
}
