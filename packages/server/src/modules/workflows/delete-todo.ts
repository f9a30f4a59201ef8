import { type MessageResponse, TODO_DELETED } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { recommendations } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { findTodo } from './scope.ts';

/** DELETE /api/account/recommendation/{id}: the group stays; only its to-do goes. */
export async function deleteTodo(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<MessageResponse> {
  const { tx, actor, id } = input;
  await findTodo(tx, actor, id);
  await tx.delete(recommendations).where(eq(recommendations.id, id));
  return { message: TODO_DELETED };
}
