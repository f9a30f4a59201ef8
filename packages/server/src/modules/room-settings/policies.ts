import type { MemberActor } from '../../http/actor.ts';
import { assertRoomAdmin } from '../rooms/policies.ts';

/**
 * Who may see and change a room's sharing, visitors and history (spec 3 §6 "Room admin"): the room
 * admin, as the rooms module decides it (admins of the owning workspace; none in a restricted one).
 * The room itself is then looked up in the actor's workspace only (scope.ts), so another's answers 404.
 */
export const authorizeRoomSharing = (actor: MemberActor) => assertRoomAdmin(actor);
