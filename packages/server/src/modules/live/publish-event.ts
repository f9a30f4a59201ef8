import type { LiveEvent } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, type LiveAudience, liveEvents } from '../../db/schema/index.ts';

export const LIVE_CHANNEL = 'charter_live';

/**
 * Records a live event of a workspace in the caller's transaction, numbered after the workspace's last
 * one. PostgreSQL (and PGlite) deliver the NOTIFY only when that transaction commits, so sockets never
 * hear of a change that was rolled back, and every instance hears of it through the database.
 */
export async function publishEvent({
  tx,
  accountId,
  event,
  audience = {},
}: {
  tx: Tx;
  accountId: number;
  event: LiveEvent;
  audience?: LiveAudience;
}): Promise<number> {
  const [row] = await tx
    .update(accounts)
    .set({ liveSeq: sql`${accounts.liveSeq} + 1` })
    .where(eq(accounts.id, accountId))
    .returning({ seq: accounts.liveSeq });
  if (!row) throw new Error(`no workspace ${accountId}`);
  await tx.insert(liveEvents).values({ accountId, seq: row.seq, event, audience });
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${String(accountId)})`);
  return row.seq;
}
