import type { NoticeList, NoticePageQuery } from '@charter/domain';
import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notices } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { ownNotices } from './policies.ts';
import { presentNotice } from './presenters.ts';

/** The member's notices in this workspace. */
export const mine = (actor: MemberActor) => and(eq(notices.accountId, actor.accountId), ownNotices(actor));

/** GET /api/account/notice: the member's notices here, newest first, a page at a time, and how many are unread. */
export async function listNotices(input: {
  tx: Tx;
  actor: MemberActor;
  page: NoticePageQuery;
}): Promise<NoticeList> {
  const { tx, actor, page } = input;
  const rows = await tx
    .select()
    .from(notices)
    .where(and(mine(actor), page.before === undefined ? undefined : lt(notices.id, page.before)))
    .orderBy(desc(notices.id))
    .limit(page.limit);
  const [{ unread }] = await tx
    .select({ unread: count() })
    .from(notices)
    .where(and(mine(actor), isNull(notices.readAt)));
  return { notices: rows.map(presentNotice), unread };
}
