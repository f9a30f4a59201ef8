import { ROOM_SETTINGS_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { publishEvents } from '../live/publish-event.ts';
import { notifyRoomVisit } from '../notices/notify-room-visit.ts';
import type { RoomRow, VisitorRow } from './scope.ts';

/**
 * The owner's live notice (spec 3 §7 live channel): when someone opens a room, the admins of its
 * workspace get a toast. Called by the visit recording, in its transaction, so a rolled-back visit
 * announces nothing.
 */
export async function announceRoomVisit({
  tx,
  room,
  visitor,
}: {
  ctx?: AppContext;
  tx: Tx;
  room: RoomRow;
  visitor: Pick<VisitorRow, 'id' | 'name' | 'email' | 'userId'>;
}) {
  let name = visitor.name || visitor.email || '';
  if (!name && visitor.userId !== null) {
    const [user] = await tx
      .select({ first: users.firstName, family: users.familyName, email: users.email })
      .from(users)
      .where(eq(users.id, visitor.userId));
    name = user ? `${user.first} ${user.family}`.trim() || user.email : '';
  }
  const message = ROOM_SETTINGS_MESSAGES.visited(name || 'An anonymous visitor', room.label);
  await publishEvents({
    tx,
    accountId: room.accountId,
    events: [{ type: 'toast', toast: { type: 'info', message } }],
    audience: { adminsOnly: true, unrestrictedOnly: true },
  });
  await notifyRoomVisit({ tx, room, visitorId: visitor.id, name: name || 'An anonymous visitor' });
}
