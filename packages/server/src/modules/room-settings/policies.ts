import { ADMIN_WARNING, ROOM_SETTINGS_MESSAGES } from '@charter/domain';
import type { MemberActor } from '../../http/actor.ts';
import { forbidden } from '../../http/errors.ts';

/**
 * Who may see and change a room's sharing, visitors and history (spec 3 §6 "Room admin"): admins of the
 * workspace that owns it. A restricted (role 3) workspace has no rooms at all.
 */
export const canManageRoomSharing = (actor: MemberActor) => actor.isAdmin && !actor.restricted;

export function authorizeRoomSharing(actor: MemberActor) {
  if (actor.restricted) throw forbidden(ROOM_SETTINGS_MESSAGES.noRoomAccess);
  if (!actor.isAdmin) throw forbidden(ADMIN_WARNING);
}
