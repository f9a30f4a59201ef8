import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';

export type MemberAuditAction =
  | 'member_added'
  | 'member_removed'
  | 'member_role_changed'
  | 'owner_changed'
  | 'signatory_changed'
  | 'workspace_profile_changed';

/** An audit row for a change to who is in a workspace and what they may do, under the actor's name. */
export async function auditMemberChange(
  tx: Tx,
  actor: MemberActor,
  action: MemberAuditAction,
  target: Record<string, unknown>,
  ip: string | null = null,
) {
  await tx.insert(auditLog).values({
    action,
    actorUserId: actor.userId,
    impersonatorId: actor.impersonatorId,
    accountId: actor.accountId,
    target,
    ip,
  });
}
