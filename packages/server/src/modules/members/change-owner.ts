import { ALREADY_OWNER, type MembersList, OWNER_NOT_JOINED } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { hasJoined } from '../accounts/memberships.ts';
import { auditMemberChange } from './audit.ts';
import { authorizeChangeOwner } from './policies.ts';
import { presentMembers } from './presenters.ts';
import { findMember, listMemberRows, lockWorkspace } from './scope.ts';

/**
 * PATCH /api/account/change_owner/{id}: the owner hands the workspace to another member, who becomes an
 * admin; the previous owner stays an admin. Only to someone who joined: an invitation nobody accepted (or
 * an address nobody proved) would hand the workspace to whoever ends up holding it, and leave its owner
 * with a workspace they can no longer hand on.
 */
export async function changeOwner(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  ip?: string;
}): Promise<MembersList> {
  const { tx, actor, id } = input;
  const { context, current } = await lockWorkspace(tx, actor);
  authorizeChangeOwner(current, context.ownerId);
  const target = await findMember(tx, actor.accountId, id);
  if (id === context.ownerId) throw new AppError('CONFLICT', ALREADY_OWNER);
  if (!hasJoined(target.membership, target.user)) throw new AppError('CONFLICT', OWNER_NOT_JOINED);
  await tx
    .update(memberships)
    .set({ isAdmin: true })
    .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, id)));
  const [account] = await tx
    .update(accounts)
    .set({ ownerId: id })
    .where(eq(accounts.id, actor.accountId))
    .returning();
  await auditMemberChange(tx, actor, 'owner_changed', { from: context.ownerId, to: id }, input.ip);
  return presentMembers(actor, account, await listMemberRows(tx, actor.accountId));
}
