import type { SharedLinkList } from '@charter/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { sharedLinks } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { assertMaySeeLinks, mayManageLinks } from './policies.ts';
import { presentSharedLinks } from './presenters.ts';

/** GET /api/account/shared_link: the workspace's links (one per module page at most), oldest first. */
export async function listSharedLinks(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  baseUrl: string;
}): Promise<SharedLinkList> {
  const { ctx, tx, actor, baseUrl } = input;
  assertMaySeeLinks(actor);
  const rows = await tx
    .select()
    .from(sharedLinks)
    .where(eq(sharedLinks.accountId, actor.accountId))
    .orderBy(asc(sharedLinks.id));
  return {
    links: await presentSharedLinks(ctx, tx, actor, rows, baseUrl),
    abilities: { create: mayManageLinks(actor) },
  };
}
