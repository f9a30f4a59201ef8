import { ASSIGNEE_UPDATED, type MessageResponse } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { recommendations } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { checkAssignee } from './members.ts';
import { findTodo } from './scope.ts';

/** PATCH /api/account/recommendation/{id}: a new assignee (or none). */
export async function updateTodo(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  assigneeId: number | null;
}): Promise<MessageResponse> {
  const { tx, actor, id, assigneeId } = input;
  await findTodo(tx, actor, id);
  await checkAssignee(tx, actor.accountId, assigneeId);
  await tx.update(recommendations).set({ assigneeId }).where(eq(recommendations.id, id));
  return { message: ASSIGNEE_UPDATED };
}
