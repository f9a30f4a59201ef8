import type { MembersList } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { authorizeManageMembers } from './policies.ts';
import { presentMembers } from './presenters.ts';
import { listMemberRows } from './scope.ts';

/** GET /api/account/admin/users: the workspace's members, its user limit, and what the admin may do. */
export async function listMembers({ tx, actor }: { tx: Tx; actor: MemberActor }): Promise<MembersList> {
  authorizeManageMembers(actor);
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, actor.accountId));
  return presentMembers(actor, account, await listMemberRows(tx, actor.accountId));
}
