import { RESTRICTED_ROLE_ID, type StaffAccountDetail } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { getAccount } from './get-account.ts';
import { authorizeStaff } from './policies.ts';
import { recordStaffAction } from './record-staff-action.ts';

const ORDINARY_ROLE_ID = 1;

/**
 * PUT /api/staff/accounts/{id}/restricted: makes the workspace restricted (role 3), or ordinary (role 1)
 * again, audited under the staff member's name with the role it had. Its members' next request sees it:
 * a write clears every cached token proof (http/auth-cache.ts).
 */
export async function setAccountRestricted({
  tx,
  actor,
  id,
  restricted,
  ip,
}: {
  tx: Tx;
  actor: UserActor;
  id: number;
  restricted: boolean;
  ip?: string;
}): Promise<StaffAccountDetail> {
  authorizeStaff(actor);
  const [before] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update').limit(1);
  if (!before) throw notFound('No such workspace');
  const roleId = restricted ? RESTRICTED_ROLE_ID : ORDINARY_ROLE_ID;
  if (before.roleId !== roleId) {
    await tx.update(accounts).set({ roleId }).where(eq(accounts.id, id));
    await recordStaffAction(
      tx,
      actor,
      restricted ? 'account_restricted' : 'account_unrestricted',
      { account_id: id, role_id: roleId, previous_role_id: before.roleId },
      { accountId: id, ip },
    );
  }
  return getAccount({ tx, actor, id });
}
