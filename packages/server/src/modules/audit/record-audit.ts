import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';

/**
 * An audit row under the actor's own name, with the staff member behind an impersonated session and, for
 * a workspace actor, its workspace. Staff find these in the console's audit log.
 */
export async function recordAudit(
  tx: Tx,
  actor: Actor,
  action: string,
  target: Record<string, unknown>,
  extra: { accountId?: number | null; reason?: string | null; ip?: string | null } = {},
) {
  await tx.insert(auditLog).values({
    action,
    actorUserId: actor.userId,
    impersonatorId: actor.impersonatorId,
    accountId: extra.accountId ?? (actor.kind === 'member' ? actor.accountId : null),
    target,
    reason: extra.reason ?? null,
    ip: extra.ip ?? null,
  });
}
