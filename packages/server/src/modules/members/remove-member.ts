import { LAST_ADMIN, OWNER_NOT_REMOVABLE } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { auditMemberChange } from './audit.ts';
import { dropMembership } from './drop-membership.ts';
import { authorizeRemove } from './policies.ts';
import { findMember, lockWorkspace } from './scope.ts';

/**
 * DELETE /api/account/remove_user/{id}: an admin removes a member, or a member leaves. The owner and the
 * last admin stay. Their to-dos here lose their assignee (the work stays), and they stop signing for the
 * workspace. Their tokens for it are refused from the next request on, and their live sockets close
 * (every write re-checks them, app.ts).
 */
export async function removeMember(input: { tx: Tx; actor: MemberActor; id: number; ip?: string }) {
  const { tx, actor, id } = input;
  authorizeRemove(actor, id);
  const { context } = await lockWorkspace(tx, actor, (current) => authorizeRemove(current, id));
  const target = await findMember(tx, actor.accountId, id);
  if (id === context.ownerId) throw new AppError('CONFLICT', OWNER_NOT_REMOVABLE);
  if (target.membership.isAdmin && context.adminCount <= 1) throw new AppError('CONFLICT', LAST_ADMIN);
  const unassigned = await dropMembership(tx, actor.accountId, id);
  await auditMemberChange(
    tx,
    actor,
    'member_removed',
    {
      user_id: id,
      email: target.user.email,
      left: id === actor.userId,
      unassigned_todos: unassigned,
    },
    input.ip,
  );
}
