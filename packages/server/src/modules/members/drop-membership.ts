import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, recommendations } from '../../db/schema/index.ts';
import { dropDepartedCounsel } from '../workflows/drop-departed-counsel.ts';

/**
 * Someone stops being a member of a workspace: their to-dos there lose their assignee (the work stays),
 * they leave its workflows' counsel, and they stop signing for it. Returns the to-dos unassigned. Their
 * tokens for it are refused from the next request on, and their live sockets close (every write
 * re-checks them, app.ts). Who may do this is the caller's rule (remove-member, auth/decide-takeover-item).
 */
export async function dropMembership(tx: Tx, accountId: number, userId: number) {
  await tx
    .delete(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  const unassigned = await tx
    .update(recommendations)
    .set({ assigneeId: null })
    .where(and(eq(recommendations.accountId, accountId), eq(recommendations.assigneeId, userId)))
    .returning({ id: recommendations.id });
  await dropDepartedCounsel(tx, [accountId]);
  await tx
    .update(accounts)
    .set({ signatoryId: null })
    .where(and(eq(accounts.id, accountId), eq(accounts.signatoryId, userId)));
  return unassigned.map((row) => row.id);
}
