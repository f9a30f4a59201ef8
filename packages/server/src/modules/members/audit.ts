import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';

export type MemberAuditAction =
  | 'member_added'
  | 'member_removed'
  | 'member_role_changed'
  | 'owner_changed'
  | 'signatory_changed'
  | 'workspace_profile_changed';

/** An audit row for a change to who is in a workspace and what they may do, under the actor's name. */
export const auditMemberChange = (
  tx: Tx,
  actor: MemberActor,
  action: MemberAuditAction,
  target: Record<string, unknown>,
  ip: string | null = null,
) => recordAudit(tx, actor, action, target, { ip });
