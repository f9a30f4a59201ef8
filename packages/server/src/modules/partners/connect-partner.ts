import { PARTNER_CODE_UNKNOWN, PARTNER_CONNECTED } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { partnerAccounts } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authorizeSharing } from '../auth/policies.ts';
import { authorizeConnect } from './policies.ts';
import { presentConnection } from './presenters.ts';
import { connectionsOf, findPartnerByCode } from './scope.ts';

/**
 * POST /api/account/admin/partner/{code}: the workspace's admin connects it to the partner with that
 * code. Connecting again changes nothing. From now on the partner's team sees the workspace, and its
 * slug is the workspace's feature 1583 and the `partners` claim of new access tokens.
 */
export async function connectPartner({ tx, actor, code }: { tx: Tx; actor: MemberActor; code: string }) {
  authorizeConnect(actor);
  authorizeSharing(actor);
  const partner = await findPartnerByCode(tx, code);
  if (!partner) throw notFound(PARTNER_CODE_UNKNOWN);
  const added = await tx
    .insert(partnerAccounts)
    .values({ partnerId: partner.id, accountId: actor.accountId, connectedBy: actor.userId })
    .onConflictDoNothing()
    .returning({ partnerId: partnerAccounts.partnerId });
  if (added.length > 0) {
    await recordAudit(tx, actor, 'partner_connected', { partner_id: partner.id, name: partner.name });
  }
  const connection = (await connectionsOf(tx, actor.accountId)).find((c) => c.partner.id === partner.id);
  // Inserted (or already there) just above, in this transaction.
  if (!connection) throw new Error(`Partner ${partner.id} was not connected`);
  return {
    message: PARTNER_CONNECTED,
    partner: presentConnection(connection.partner, connection.connectedAt, true),
  };
}
