import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { roomCodes, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { presentRoomCode } from './presenters.ts';
import { findSharedRoom } from './scope.ts';

/** A room's personal links, newest first, each with the user it reaches. */
export async function listRoomCodes({ tx, actor, roomId }: { tx: Tx; actor: MemberActor; roomId: number }) {
  const room = await findSharedRoom(tx, actor, roomId);
  const rows = await tx
    .select({
      code: roomCodes,
      userId: users.id,
      userName: sql<string>`trim(${users.firstName} || ' ' || ${users.familyName})`,
      userEmail: users.email,
    })
    .from(roomCodes)
    .leftJoin(users, eq(users.id, roomCodes.userId))
    .where(eq(roomCodes.roomId, room.id))
    .orderBy(desc(roomCodes.createdAt), desc(roomCodes.id));
  return rows.map((row) =>
    presentRoomCode(
      row.code,
      row.userId === null ? null : { id: row.userId, name: row.userName, email: row.userEmail ?? '' },
    ),
  );
}
