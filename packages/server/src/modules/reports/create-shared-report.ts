import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sharedReports } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authorizeSharing } from '../auth/policies.ts';
import { checkedRows, type Sharing } from './chosen-rows.ts';
import { assertCanManageReports } from './policies.ts';

/**
 * POST /api/account/shared_report: shares a report (or updates its sharing, one row per report and
 * workspace), so it shows in users' dashboards when active.
 */
export async function createSharedReport({
  tx,
  actor,
  key,
  sharing,
}: {
  tx: Tx;
  actor: MemberActor;
  key: string;
  sharing: Required<Sharing>;
}) {
  assertCanManageReports(actor);
  authorizeSharing(actor);
  const resourceIds = (await checkedRows(tx, actor, key, sharing.metadata.resource_id)) ?? [];
  const [row] = await tx
    .insert(sharedReports)
    .values({
      accountId: actor.accountId,
      reportKey: key,
      isActive: sharing.is_active,
      metadata: { resource_id: resourceIds },
    })
    .onConflictDoUpdate({
      target: [sharedReports.accountId, sharedReports.reportKey],
      set: { isActive: sharing.is_active, metadata: { resource_id: resourceIds }, updatedAt: sql`now()` },
    })
    .returning();
  await recordAudit(tx, actor, 'report.sharing', { report: key, is_active: row.isActive });
  return row;
}
