import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { partnerAccounts } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { dropDepartedCounsel } from '../workflows/drop-departed-counsel.ts';
import { authorizeTeamChange } from './policies.ts';
import { findTeamMembership } from './scope.ts';

/** DELETE /api/user/partner/remove_account/{partnerId}/{accountId}: a team admin lets a client go. */
export async function removePartnerAccount({
  tx,
  actor,
  partnerId,
  accountId,
}: {
  tx: Tx;
  actor: UserActor;
  partnerId: number;
  accountId: number;
}) {
  authorizeTeamChange(actor, await findTeamMembership(tx, actor, partnerId));
  const removed = await tx
    .delete(partnerAccounts)
    .where(and(eq(partnerAccounts.partnerId, partnerId), eq(partnerAccounts.accountId, accountId)))
    .returning({ accountId: partnerAccounts.accountId });
  if (removed.length === 0) throw notFound('Workspace not found');
  await dropDepartedCounsel(tx, [accountId]);
  await recordAudit(
    tx,
    actor,
    'partner_disconnected',
    { partner_id: partnerId, by: 'partner' },
    { accountId },
  );
}
