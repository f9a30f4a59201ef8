import { NOTICE_MESSAGES } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type rooms, roomVisitors } from '../../db/schema/index.ts';
import { notifyOwners } from './notify-owners.ts';

/**
 * A visitor opened a room for the first time: the workspace's admins (who manage its rooms, as the
 * visit's toast tells them) get a notice in the bell. Later visits of the same visitor only toast. Called
 * once the visit is counted (room-visitors/open-room.ts), so a first visit reads 1.
 */
export async function notifyRoomVisit(input: {
  tx: Tx;
  room: Pick<typeof rooms.$inferSelect, 'id' | 'accountId' | 'label'>;
  visitorId: number;
  name: string;
}) {
  const { tx, room } = input;
  const [visitor] = await tx
    .select({ timesVisited: roomVisitors.timesVisited })
    .from(roomVisitors)
    .where(and(eq(roomVisitors.id, input.visitorId), eq(roomVisitors.roomId, room.id)));
  if (visitor?.timesVisited !== 1) return;
  await notifyOwners({
    tx,
    accountId: room.accountId,
    audience: { adminsOnly: true, unrestrictedOnly: true },
    owners: [],
    notice: {
      kind: 'room_visited',
      message: NOTICE_MESSAGES.roomVisited(input.name, room.label),
      link: `rooms/${room.id}`,
    },
  });
}
