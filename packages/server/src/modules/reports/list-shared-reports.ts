import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sharedReports } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { assertCanReadReports } from './policies.ts';

/** GET /api/account/shared_report: the workspace's sharing settings. */
export async function listSharedReports({ tx, actor }: { tx: Tx; actor: MemberActor }) {
  assertCanReadReports(actor);
  return tx
    .select()
    .from(sharedReports)
    .where(eq(sharedReports.accountId, actor.accountId))
    .orderBy(sharedReports.id);
}
