import { LAST_ADMIN, OWNER_NOT_REMOVABLE } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, recommendations } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { dropDepartedCounsel } from '../workflows/drop-departed-counsel.ts';
import { auditMemberChange } from './audit.ts';
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
  await tx
    .delete(memberships)
    .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, id)));
  const unassigned = await tx
    .update(recommendations)
    .set({ assigneeId: null })
    .where(and(eq(recommendations.accountId, actor.accountId), eq(recommendations.assigneeId, id)))
    .returning({ id: recommendations.id });
  await dropDepartedCounsel(tx, [actor.accountId]);
  if (context.signatoryId === id) {
    await tx.update(accounts).set({ signatoryId: null }).where(eq(accounts.id, actor.accountId));
  }
  await auditMemberChange(
    tx,
    actor,
    'member_removed',
    {
      user_id: id,
      email: target.user.email,
      left: id === actor.userId,
      unassigned_todos: unassigned.map((r) => r.id),
    },
    input.ip,
  );
}
