import {
  INVITE_ONLY_UNAVAILABLE,
  ROOM_ADMIN_MESSAGES,
  ROOM_MESSAGES,
  type RoomView,
  type UpdateRoomBody,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { files, rooms } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { assertRoomAdmin } from './policies.ts';
import { presentRoom } from './presenters.ts';
import { findRoom } from './scope.ts';

/**
 * PUT /api/account/admin/room/{id} (spec 3 §4): access (open, require_auth; Invite Only is not available),
 * status (typed rooms only; '' removes it), name, read only, watermark and the NDA (a cabinet PDF).
 */
export async function updateRoom({
  tx,
  actor,
  id,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  input: UpdateRoomBody;
}): Promise<RoomView> {
  const room = await findRoom(tx, actor, id, true);
  assertRoomAdmin(actor, room);
  const changes: Partial<typeof rooms.$inferInsert> = { updatedAt: new Date() };
  if (input.strict === true) throw invalid({ strict: INVITE_ONLY_UNAVAILABLE });
  if (input.strict === false) changes.strict = false;
  if (input.label !== undefined) {
    const label = input.label.trim();
    if (!label) throw invalid({ label: ROOM_MESSAGES.emptyName });
    changes.label = label;
  }
  const open = input.open ?? room.open;
  if (input.open !== undefined) changes.open = input.open;
  if (input.require_auth !== undefined && input.require_auth !== room.requireAuth) {
    // The sign-in toggle changes only while the room is (or is being made) open.
    if (!open) throw invalid({ require_auth: ROOM_ADMIN_MESSAGES.signInWhileOpen });
    changes.requireAuth = input.require_auth;
  }
  if (input.status !== undefined) {
    if (input.status !== '' && !room.type) throw invalid({ status: ROOM_ADMIN_MESSAGES.statusUntyped });
    changes.status = input.status;
  }
  if (input.read_only !== undefined) changes.readOnly = input.read_only;
  if (input.watermark !== undefined) changes.watermark = input.watermark;
  if (input.nda_file_id !== undefined) {
    if (input.nda_file_id !== null) {
      const file = await findOwned(tx, files, actor, input.nda_file_id, { what: 'File not found' });
      if (file.contentType !== 'application/pdf')
        throw invalid({ nda_file_id: ROOM_ADMIN_MESSAGES.ndaNotPdf });
    }
    changes.ndaFileId = input.nda_file_id;
  }
  const [updated] = await tx.update(rooms).set(changes).where(eq(rooms.id, room.id)).returning();
  return presentRoom(actor, updated);
}
