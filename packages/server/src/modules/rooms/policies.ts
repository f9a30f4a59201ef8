import { ROOM_ADMIN_MESSAGES, type RoomAbilities } from '@charter/domain';
import type { rooms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';

type RoomRow = typeof rooms.$inferSelect;

/**
 * Who may do what with rooms (spec 3 §6). Rooms are closed to restricted (role 3) workspaces; members of
 * the owning workspace may view its rooms; only its admins (the room admin) edit, share and see settings.
 * An admin of another workspace never reaches the room: scope.ts finds rooms in the actor's workspace only.
 */
export function assertRoomsAvailable(actor: MemberActor) {
  if (actor.restricted) throw forbidden(ROOM_ADMIN_MESSAGES.restricted);
}

export const isRoomAdmin = (actor: MemberActor, room: Pick<RoomRow, 'accountId'>) =>
  actor.isAdmin && !actor.restricted && room.accountId === actor.accountId;

/** Writes to a room (and creating one) need the workspace's admin. */
export function assertRoomAdmin(actor: MemberActor, room?: Pick<RoomRow, 'accountId'>) {
  assertRoomsAvailable(actor);
  if (!actor.isAdmin || (room && room.accountId !== actor.accountId))
    throw forbidden('Only the workspace’s admins can change its rooms.');
}

export function roomAbilities(actor: MemberActor, room: Pick<RoomRow, 'accountId'>): RoomAbilities {
  const admin = isRoomAdmin(actor, room);
  return { edit: admin, settings: admin, share: admin, delete: admin };
}
