import { LAST_ADMIN, type MemberView, OWNER_IS_ADMIN, type UpdateMemberBody } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberships } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { auditMemberChange } from './audit.ts';
import { authorizeManageMembers, authorizePromote } from './policies.ts';
import { presentMember } from './presenters.ts';
import { findMember, lockWorkspace } from './scope.ts';

/**
 * PATCH /api/account/admin/users/{id}: admin or member, and the file cabinet flag. The owner stays an
 * admin, and the last admin (the caller included) cannot step down.
 */
export async function updateMember(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  body: UpdateMemberBody;
  ip?: string;
}): Promise<MemberView> {
  const { tx, actor, id, body } = input;
  authorizeManageMembers(actor);
  const { context } = await lockWorkspace(tx, actor, authorizeManageMembers);
  const target = await findMember(tx, actor.accountId, id);
  if (body.is_admin === true && !target.membership.isAdmin) authorizePromote(actor);
  const demoting = body.is_admin === false && target.membership.isAdmin;
  if (demoting && id === context.ownerId) throw new AppError('CONFLICT', OWNER_IS_ADMIN);
  if (demoting && context.adminCount <= 1) throw new AppError('CONFLICT', LAST_ADMIN);
  const changes = {
    ...(body.is_admin === undefined ? {} : { isAdmin: body.is_admin }),
    ...(body.filecabinet_access === undefined ? {} : { filecabinetAccess: body.filecabinet_access }),
  };
  let { membership } = target;
  if (Object.keys(changes).length > 0) {
    [membership] = await tx
      .update(memberships)
      .set(changes)
      .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, id)))
      .returning();
    await auditMemberChange(
      tx,
      actor,
      'member_role_changed',
      {
        user_id: id,
        before: {
          is_admin: target.membership.isAdmin,
          filecabinet_access: target.membership.filecabinetAccess,
        },
        after: { is_admin: membership.isAdmin, filecabinet_access: membership.filecabinetAccess },
      },
      input.ip,
    );
  }
  const adminCount = context.adminCount + Number(membership.isAdmin) - Number(target.membership.isAdmin);
  return presentMember(actor, { user: target.user, membership }, { ...context, adminCount });
}
