import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';

/** Every staff write leaves an audit row under the staff member's own name. */
export async function recordStaffAction(
  tx: Tx,
  actor: UserActor,
  action: string,
  target: Record<string, unknown>,
  extra: { accountId?: number | null; reason?: string | null; ip?: string } = {},
) {
  await tx.insert(auditLog).values({
    action,
    actorUserId: actor.userId,
    accountId: extra.accountId ?? null,
    target,
    reason: extra.reason ?? null,
    ip: extra.ip,
  });
}
