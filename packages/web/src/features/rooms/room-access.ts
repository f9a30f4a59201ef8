import type { ROOM_ACCESS, RoomView, UpdateRoomBody } from '@charter/domain';

export type RoomAccessMode = keyof typeof ROOM_ACCESS;

/** Spec 3 §4: Private (closed), Open, Sign-in Required (open + require_auth); Invite Only is unavailable. */
export function accessMode(room: Pick<RoomView, 'open' | 'require_auth' | 'strict'>): RoomAccessMode {
  if (room.strict) return 'inviteOnly';
  if (!room.open) return 'private';
  return room.require_auth ? 'signIn' : 'open';
}

/** The PUT body that moves a room to a mode; reopening a closed room sends init_room. */
export function accessChange(room: Pick<RoomView, 'open'>, mode: RoomAccessMode): UpdateRoomBody {
  if (mode === 'private') return { open: false };
  const reopen = room.open ? {} : { init_room: true };
  return { open: true, require_auth: mode === 'signIn', ...reopen };
}
