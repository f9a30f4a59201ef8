import { PARTNER_CODE_UNKNOWN } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { partnerAccounts } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { dropDepartedCounsel } from '../workflows/drop-departed-counsel.ts';
import { authorizeConnect } from './policies.ts';
import { findPartnerByCode } from './scope.ts';

/** DELETE /api/account/admin/partner/{code}: the workspace's admin disconnects it from that partner. */
export async function disconnectPartner({ tx, actor, code }: { tx: Tx; actor: MemberActor; code: string }) {
  authorizeConnect(actor);
  const partner = await findPartnerByCode(tx, code);
  if (!partner) throw notFound(PARTNER_CODE_UNKNOWN);
  const removed = await tx
    .delete(partnerAccounts)
    .where(and(eq(partnerAccounts.partnerId, partner.id), eq(partnerAccounts.accountId, actor.accountId)))
    .returning({ partnerId: partnerAccounts.partnerId });
  if (removed.length === 0) throw notFound('This workspace is not connected to that partner.');
  await dropDepartedCounsel(tx, [actor.accountId]);
  await recordAudit(tx, actor, 'partner_disconnected', { partner_id: partner.id, name: partner.name });
}
