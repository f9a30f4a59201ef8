import type { TakeoverDecisionBody, TakeoverReview } from '@charter/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, roomCodes, sharedLinks, takeoverItems } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { dropMembership } from '../members/drop-membership.ts';
import { authorizeGrantAccess } from './policies.ts';
import { listTakeoverItems, loadTakeoverItems, type TakeoverRow } from './takeover-items.ts';

export const TAKEOVER_ITEM_NOT_FOUND = 'There is nothing of that kind left to review.';

/** Undoes what one item names: a member leaves, a link stops working. */
async function removeTarget(tx: Tx, row: TakeoverRow, reviewerId: number) {
  const { item } = row;
  if (item.kind === 'membership' && item.targetId !== null) {
    await dropMembership(tx, item.accountId, item.targetId);
    // A member it made the owner hands the workspace back to the reviewer, if they are in it.
    const [mine] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.accountId, item.accountId), eq(memberships.userId, reviewerId)));
    await tx
      .update(accounts)
      .set({ ownerId: mine ? reviewerId : null })
      .where(and(eq(accounts.id, item.accountId), eq(accounts.ownerId, item.targetId)));
  } else if (item.kind === 'shared_link' && item.targetId !== null) {
    // Deleted, not expired: extending an expired link would bring the same code back to life.
    await tx.delete(sharedLinks).where(eq(sharedLinks.id, item.targetId));
  } else if (item.kind === 'room_code' && item.targetId !== null) {
    await tx
      .update(roomCodes)
      .set({ revokedAt: new Date() })
      .where(and(eq(roomCodes.id, item.targetId), isNull(roomCodes.revokedAt)));
  }
}

/**
 * POST /api/user/takeover/{id}: the owner of a taken-over address keeps or removes one thing its
 * earlier registration set up (record-takeover.ts). Keeping a membership lifts its suspension. Removing
 * a workspace is leaving it: the reviewer's own membership goes with everything else of the review in it
 * (its members, its links), so nobody the registration let in keeps access; its contents stay for staff
 * to deal with, never deleted from here. Staff acting as the user decide nothing (it would grant access).
 * Answers what is left to review.
 */
export async function decideTakeoverItem(input: {
  tx: Tx;
  actor: UserActor;
  id: number;
  decision: TakeoverDecisionBody['decision'];
  ip?: string;
}): Promise<TakeoverReview> {
  const { tx, actor, id, decision } = input;
  authorizeGrantAccess(actor);
  const [row] = await loadTakeoverItems(tx, actor.userId, id);
  if (!row) throw notFound(TAKEOVER_ITEM_NOT_FOUND);
  const { item } = row;
  let decided = [row];
  if (decision === 'keep' && item.kind === 'membership' && item.targetId !== null) {
    await tx
      .update(memberships)
      .set({ suspendedAt: null })
      .where(and(eq(memberships.accountId, item.accountId), eq(memberships.userId, item.targetId)));
  } else if (decision === 'remove' && item.kind === 'workspace') {
    decided = (await loadTakeoverItems(tx, actor.userId)).filter((r) => r.item.accountId === item.accountId);
    for (const other of decided) await removeTarget(tx, other, actor.userId);
    await dropMembership(tx, item.accountId, actor.userId);
  } else if (decision === 'remove') {
    await removeTarget(tx, row, actor.userId);
  }
  const ids = decided.map((r) => r.item.id);
  await tx.delete(takeoverItems).where(inArray(takeoverItems.id, ids));
  await recordAudit(
    tx,
    actor,
    `takeover_${decision}`,
    { kind: item.kind, target_id: item.targetId, items: ids },
    { accountId: item.accountId, ip: input.ip ?? null },
  );
  return listTakeoverItems({ tx, actor });
}
