import type { StaffAuditPage } from '@charter/domain';
import { and, desc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { authorizeStaff } from './policies.ts';
import { presentAuditEntry } from './presenters.ts';
import { countAll, pageWindow } from './scope.ts';

const actorUser = alias(users, 'actor_user');
const impersonatorUser = alias(users, 'impersonator_user');

/** GET /api/staff/audit: newest first; `user_id` finds rows where that user acted or stood behind. */
export async function listAudit({
  tx,
  actor,
  action,
  userId,
  page,
}: {
  tx: Tx;
  actor: UserActor;
  action?: string;
  userId?: number;
  page: number;
}): Promise<StaffAuditPage> {
  authorizeStaff(actor);
  const where = and(
    action ? eq(auditLog.action, action) : undefined,
    userId ? or(eq(auditLog.actorUserId, userId), eq(auditLog.impersonatorId, userId)) : undefined,
  );
  const { limit, offset } = pageWindow(page);
  const rows = await tx
    .select({
      row: auditLog,
      actorEmail: actorUser.email,
      impersonatorEmail: impersonatorUser.email,
    })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
    .leftJoin(impersonatorUser, eq(impersonatorUser.id, auditLog.impersonatorId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await tx.select({ total: countAll }).from(auditLog).where(where);
  const person = (id: number | null, email: string | null) =>
    id !== null ? { id, email: email ?? '' } : null;
  return {
    items: rows.map(({ row, actorEmail, impersonatorEmail }) =>
      presentAuditEntry(row, {
        actor: person(row.actorUserId, actorEmail),
        impersonator: person(row.impersonatorId, impersonatorEmail),
      }),
    ),
    page,
    page_size: limit,
    total,
  };
}
