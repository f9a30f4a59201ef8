import type { TakeoverItemView, TakeoverReview } from '@charter/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  accounts,
  memberships,
  roomCodes,
  rooms,
  sharedLinks,
  takeoverItems,
  users,
} from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';

const member = alias(users, 'takeover_member');
const is = (kind: string) => eq(takeoverItems.kind, sql`${kind}`);

/**
 * The user's items to review (record-takeover.ts) with what each names, in one query: a workspace's
 * items together, the workspace first. `id` narrows it to one item, locked for its decision.
 */
export async function loadTakeoverItems(tx: Tx, userId: number, id?: number) {
  const query = tx
    .select({
      item: takeoverItems,
      workspace: { name: accounts.companyName, createdAt: accounts.createdAt },
      membership: memberships,
      memberEmail: member.email,
      link: sharedLinks,
      code: roomCodes,
      room: rooms.label,
    })
    .from(takeoverItems)
    .innerJoin(accounts, eq(accounts.id, takeoverItems.accountId))
    .leftJoin(
      memberships,
      and(
        is('membership'),
        eq(memberships.accountId, takeoverItems.accountId),
        eq(memberships.userId, takeoverItems.targetId),
      ),
    )
    .leftJoin(member, and(is('membership'), eq(member.id, takeoverItems.targetId)))
    .leftJoin(sharedLinks, and(is('shared_link'), eq(sharedLinks.id, takeoverItems.targetId)))
    .leftJoin(roomCodes, and(is('room_code'), eq(roomCodes.id, takeoverItems.targetId)))
    .leftJoin(rooms, eq(rooms.id, roomCodes.roomId))
    .where(and(eq(takeoverItems.userId, userId), id === undefined ? undefined : eq(takeoverItems.id, id)))
    .orderBy(asc(takeoverItems.accountId), desc(is('workspace')), asc(takeoverItems.id));
  return id === undefined ? query : query.for('update', { of: takeoverItems });
}

export type TakeoverRow = Awaited<ReturnType<typeof loadTakeoverItems>>[number];

/** Whether what the item names is still there (a member removed or a link deleted meanwhile is not). */
const stillThere = (row: TakeoverRow) =>
  row.item.kind === 'workspace' ||
  (row.item.kind === 'membership' && row.membership !== null) ||
  (row.item.kind === 'shared_link' && row.link !== null) ||
  (row.item.kind === 'room_code' && row.code !== null && row.code.revokedAt === null);

function presentTakeoverItem(row: TakeoverRow): TakeoverItemView {
  const { item } = row;
  const made = row.membership?.createdAt ?? row.link?.createdAt ?? row.code?.createdAt;
  return {
    id: item.id,
    kind: item.kind,
    workspace: { id: item.accountId, name: row.workspace.name },
    email: row.memberEmail ?? row.code?.email ?? null,
    is_admin: row.membership?.isAdmin ?? null,
    room: row.room,
    path: row.link?.rootPath ?? null,
    created_at: (made ?? row.workspace.createdAt).toISOString(),
  };
}

/** GET /api/user/takeover: what waits for the user's review (nothing, for almost everyone). */
export async function listTakeoverItems({
  tx,
  actor,
}: {
  tx: Tx;
  actor: UserActor;
}): Promise<TakeoverReview> {
  const rows = await loadTakeoverItems(tx, actor.userId);
  return { items: rows.filter(stillThere).map(presentTakeoverItem) };
}
