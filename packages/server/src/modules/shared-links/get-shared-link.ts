import type { SharedLinkView } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { assertMaySeeLinks } from './policies.ts';
import { presentSharedLink } from './presenters.ts';
import { findSharedLink } from './scope.ts';

/** GET /api/account/shared_link/{id} */
export async function getSharedLink(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  baseUrl: string;
}): Promise<SharedLinkView> {
  const { ctx, tx, actor, id, baseUrl } = input;
  assertMaySeeLinks(actor);
  return presentSharedLink(ctx, tx, actor, await findSharedLink(tx, actor, id), baseUrl);
}
