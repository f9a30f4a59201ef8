import { type MessageResponse, TASK_ASSIGNED } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { recommendations } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { checkAssignee } from './members.ts';
import { findTransaction } from './scope.ts';

/** POST /api/account/transaction/{id}/assign: the group becomes (or stays) a to-do of the assignee. */
export async function assignTransaction(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  assigneeId: number | null;
}): Promise<MessageResponse> {
  const { tx, actor, assigneeId } = input;
  const transaction = await findTransaction(tx, actor, input.id);
  await checkAssignee(tx, actor.accountId, assigneeId);
  await tx
    .insert(recommendations)
    .values({ accountId: actor.accountId, transactionId: transaction.id, assigneeId })
    .onConflictDoUpdate({ target: recommendations.transactionId, set: { assigneeId } });
  return { message: TASK_ASSIGNED };
}
