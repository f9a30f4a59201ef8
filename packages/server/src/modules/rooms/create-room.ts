import { type CreateRoomBody, ROOM_ADMIN_MESSAGES, type RoomView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { randomToken } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { projects, rooms, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { codeHash, deriveCode, linkSecret } from './link-codes.ts';
import { assertRoomAdmin } from './policies.ts';
import { presentRoom } from './presenters.ts';

/**
 * POST /api/account/admin/room: a standalone room, or a workflow's (project_id) or a task group's
 * (transaction_id, its project implied). Its general code is derived from its id, known only after insert.
 */
export async function createRoom({
  ctx,
  tx,
  actor,
  input,
}: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  input: CreateRoomBody;
}): Promise<RoomView> {
  assertRoomAdmin(actor);
  const label = input.label.trim();
  if (!label) throw invalid({ label: ROOM_ADMIN_MESSAGES.nameRequired });
  let projectId = input.project_id ?? null;
  const transactionId = input.transaction_id ?? null;
  if (transactionId !== null) {
    const group = await findOwned(tx, transactions, actor, transactionId, { what: 'Task group not found' });
    if (projectId !== null && projectId !== group.projectId)
      throw invalid({ transaction_id: 'The task group is not part of this workflow.' });
    projectId = group.projectId;
  } else if (projectId !== null) {
    await findOwned(tx, projects, actor, projectId, { what: 'Workflow not found' });
  }
  const [inserted] = await tx
    .insert(rooms)
    .values({
      accountId: actor.accountId,
      label,
      type: input.type ?? null,
      projectId,
      transactionId,
      codeHash: `pending:${randomToken()}`,
      createdBy: actor.userId,
    })
    .returning();
  const code = deriveCode(await linkSecret(ctx, tx), 'room', inserted.id, inserted.codeGeneration);
  const [room] = await tx
    .update(rooms)
    .set({ codeHash: codeHash(code) })
    .where(eq(rooms.id, inserted.id))
    .returning();
  await recordAudit(tx, actor, 'room.create', { roomId: room.id });
  return presentRoom(actor, room);
}
