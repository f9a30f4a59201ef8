import type { RoomCodeLink } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { rooms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { codeHash, deriveCode, linkSecret } from './link-codes.ts';
import { assertRoomAdmin } from './policies.ts';
import { presentCodeLink } from './room-code-link.ts';
import { findRoom } from './scope.ts';

/** POST /api/account/admin/room/{id}/code-link/regenerate: a new generation; every earlier link dies. */
export async function regenerateRoomCode({
  ctx,
  tx,
  actor,
  id,
  baseUrl,
}: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  baseUrl: string;
}): Promise<RoomCodeLink> {
  const room = await findRoom(tx, actor, id, true);
  assertRoomAdmin(actor, room);
  const generation = room.codeGeneration + 1;
  const code = deriveCode(await linkSecret(ctx, tx), 'room', room.id, generation);
  const [updated] = await tx
    .update(rooms)
    .set({ codeGeneration: generation, codeHash: codeHash(code), updatedAt: new Date() })
    .where(eq(rooms.id, room.id))
    .returning();
  await recordAudit(tx, actor, 'room.code.regenerate', { roomId: room.id });
  return presentCodeLink(ctx, tx, updated, baseUrl);
}
