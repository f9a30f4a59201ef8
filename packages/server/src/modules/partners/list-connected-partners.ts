import type { ConnectedPartnerView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { canConnect } from './policies.ts';
import { presentConnection } from './presenters.ts';
import { connectionsOf } from './scope.ts';

/** GET /api/account/partner: the partners the workspace is connected to, with their billing flags. */
export async function listConnectedPartners({
  tx,
  actor,
}: {
  tx: Tx;
  actor: MemberActor;
}): Promise<ConnectedPartnerView[]> {
  const admin = canConnect(actor);
  return (await connectionsOf(tx, actor.accountId)).map((c) =>
    presentConnection(c.partner, c.connectedAt, admin),
  );
}
