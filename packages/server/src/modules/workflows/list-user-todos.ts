import type { UserTodoView } from '@charter/domain';
import { and, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { recommendations } from '../../db/schema/index.ts';
import { mayActIn, type UserActor } from '../../http/actor.ts';
import { listActableAccounts } from '../partners/client-actor.ts';
import { queryTodos } from './list-todos.ts';
import { visibleTodos } from './policies.ts';

/**
 * GET /api/user/recommendation: the personal dashboard's to-dos across every workspace the user may act
 * on (their own, their partners' clients), newest first, each with its workspace. One query for all of
 * them: a restricted workspace's to-dos pass its policy as they would on /api/account/recommendation.
 */
export async function listUserTodos({ tx, actor }: { tx: Tx; actor: UserActor }): Promise<UserTodoView[]> {
  const workspaces = (await listActableAccounts(tx, actor.userId)).filter((w) =>
    mayActIn(actor, w.accountId),
  );
  if (workspaces.length === 0) return [];
  const idsOf = (restricted: boolean) =>
    workspaces.filter((w) => w.restricted === restricted).map((w) => w.accountId);
  const within = (ids: number[]) => (ids.length ? inArray(recommendations.accountId, ids) : undefined);
  const open = within(idsOf(false));
  const restricted = within(idsOf(true));
  const scope = or(open, restricted && and(restricted, visibleTodos({ restricted: true })));
  const byId = new Map(workspaces.map((w) => [w.accountId, w]));
  const rows = await queryTodos(tx, scope);
  return rows.map(({ accountId, ...todo }) => ({
    ...todo,
    account: {
      id: accountId,
      name: byId.get(accountId)?.name ?? '',
      member: byId.get(accountId)?.via === 'member',
    },
  }));
}
