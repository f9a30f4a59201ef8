import type { MembersList } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { auditMemberChange } from './audit.ts';
import { authorizeManageMembers } from './policies.ts';
import { presentMembers } from './presenters.ts';
import { findMember, listMemberRows, lockWorkspace } from './scope.ts';

/** PATCH /api/account/signatory/{id}: an admin chooses the member who signs for the workspace. */
export async function setSignatory(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  ip?: string;
}): Promise<MembersList> {
  const { tx, actor, id } = input;
  authorizeManageMembers(actor);
  const { context } = await lockWorkspace(tx, actor, authorizeManageMembers);
  await findMember(tx, actor.accountId, id);
  const [account] = await tx
    .update(accounts)
    .set({ signatoryId: id })
    .where(eq(accounts.id, actor.accountId))
    .returning();
  if (context.signatoryId !== id) {
    await auditMemberChange(tx, actor, 'signatory_changed', { from: context.signatoryId, to: id }, input.ip);
  }
  return presentMembers(actor, account, await listMemberRows(tx, actor.accountId));
}
