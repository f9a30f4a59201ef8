import type { AccountMe } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { activePlanNames } from '../billing/active-plan-names.ts';
import { presentMe } from './presenters.ts';

/**
 * Worked out once per actor: a cached token's actor is the same object until a write (a subscription
 * change is one) or its few seconds end it, and the web app asks for this on every page.
 */
const meOf = new WeakMap<MemberActor, Promise<AccountMe>>();

/** `GET /api/account/me`. */
export function getMe({ tx, actor }: { tx: Tx; actor: MemberActor }): Promise<AccountMe> {
  let me = meOf.get(actor);
  if (!me) {
    me = activePlanNames(tx, actor.accountId).then((plans) => presentMe(actor, plans));
    meOf.set(actor, me);
    me.catch(() => meOf.delete(actor));
  }
  return me;
}
