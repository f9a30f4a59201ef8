import type { ChallengeStatusView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { findChallenge } from './find-challenge.ts';
import { presentChallengeStatus } from './presenters.ts';

/** GET /api/authn/challenge/{id}: pending, verified or expired, for whoever holds the receipt. */
export async function challengeStatus({
  tx,
  id,
  receipt,
}: {
  tx: Tx;
  id: string;
  receipt: string;
}): Promise<ChallengeStatusView> {
  return presentChallengeStatus(await findChallenge(tx, id, receipt));
}
