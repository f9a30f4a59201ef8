import type { LiveEvent } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, type LiveAudience, liveEvents } from '../../db/schema/index.ts';

export const LIVE_CHANNEL = 'charter_live';

/**
 * Records live events of a workspace in the caller's transaction, numbered after the workspace's last
 * one, with one NOTIFY for all of them. PostgreSQL (and PGlite) deliver it only when that transaction
 * commits, so sockets never hear of a change that was rolled back, and every instance hears of it
 * through the database. Returns the last event's number.
 */
export async function publishEvents({
  tx,
  accountId,
  events,
  audience = {},
}: {
  tx: Tx;
  accountId: number;
  events: LiveEvent[];
  audience?: LiveAudience;
}): Promise<number> {
  const [row] = await tx
    .update(accounts)
    .set({ liveSeq: sql`${accounts.liveSeq} + ${events.length}` })
    .where(eq(accounts.id, accountId))
    .returning({ seq: accounts.liveSeq });
  if (!row) throw new Error(`no workspace ${accountId}`);
  const first = row.seq - events.length + 1;
  await tx
    .insert(liveEvents)
    .values(events.map((event, i) => ({ accountId, seq: first + i, event, audience })));
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${String(accountId)})`);
  return row.seq;
}
