import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sharedReports } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authorizeSharing } from '../auth/policies.ts';
import { checkedRows, type Sharing } from './chosen-rows.ts';
import { assertCanManageReports } from './policies.ts';

/** PUT /api/account/shared_report/{id}: turns sharing on or off, or changes which rows show. */
export async function updateSharedReport({
  tx,
  actor,
  id,
  sharing,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  sharing: Sharing;
}) {
  assertCanManageReports(actor);
  authorizeSharing(actor);
  const [current] = await tx
    .select()
    .from(sharedReports)
    .where(and(eq(sharedReports.id, id), eq(sharedReports.accountId, actor.accountId)))
    .for('update');
  if (!current) throw notFound('Report not found');
  const resourceIds = await checkedRows(tx, actor, current.reportKey, sharing.metadata?.resource_id);
  const [row] = await tx
    .update(sharedReports)
    .set({
      isActive: sharing.is_active ?? current.isActive,
      metadata: resourceIds ? { resource_id: resourceIds } : current.metadata,
      updatedAt: new Date(),
    })
    .where(eq(sharedReports.id, current.id))
    .returning();
  await recordAudit(tx, actor, 'report.sharing', { report: row.reportKey, is_active: row.isActive });
  return row;
}
