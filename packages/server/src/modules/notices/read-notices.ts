import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { notices } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { mine } from './list-notices.ts';
import { ownNotices } from './policies.ts';

/** POST /api/account/notice/{id}/read: one of the member's notices is read (another's is not found). */
export async function readNotice({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  await findOwned(tx, notices, actor, id, { visible: ownNotices(actor), what: 'Notice not found' });
  await tx
    .update(notices)
    .set({ readAt: sql`coalesce(${notices.readAt}, now())` })
    .where(eq(notices.id, id));
}

/** POST /api/account/notice/read: every unread notice of the member in this workspace is read. */
export async function readAllNotices({ tx, actor }: { tx: Tx; actor: MemberActor }) {
  await tx
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(mine(actor), isNull(notices.readAt)));
}
