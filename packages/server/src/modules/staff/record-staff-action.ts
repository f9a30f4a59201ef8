import type { Tx } from '../../db/client.ts';
import type { UserActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';

/** Every staff write leaves an audit row under the staff member's own name. */
export const recordStaffAction = (
  tx: Tx,
  actor: UserActor,
  action: string,
  target: Record<string, unknown>,
  extra: { accountId?: number | null; reason?: string | null; ip?: string } = {},
) => recordAudit(tx, actor, action, target, extra);
