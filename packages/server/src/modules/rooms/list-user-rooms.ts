import type { UserRoomView } from '@charter/domain';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, rooms } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { presentUserRoom } from './presenters.ts';
import { roomCounts, userRoomsCondition } from './user-rooms-scope.ts';

/** GET /api/user/rooms: the rooms of the user's workspaces (not role 3), newest first, in one query. */
export async function listUserRooms({ tx, actor }: { tx: Tx; actor: UserActor }): Promise<UserRoomView[]> {
  const rows = await tx
    .select({ room: rooms, accountName: accounts.companyName, ...roomCounts })
    .from(rooms)
    .innerJoin(accounts, eq(accounts.id, rooms.accountId))
    .innerJoin(memberships, eq(memberships.accountId, rooms.accountId))
    .where(userRoomsCondition(actor))
    .orderBy(desc(rooms.createdAt), desc(rooms.id));
  return rows.map((r) =>
    presentUserRoom(
      r.room,
      { id: r.room.accountId, name: r.accountName },
      { documents: r.documents, links: r.links, tables: r.tables },
    ),
  );
}
