import type { RoomDocumentView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { loadRoomOverview } from './overview.ts';
import { assertRoomsAvailable } from './policies.ts';
import { findRoom } from './scope.ts';

/** GET /api/account/admin/room/{id}/document: the room's documents, in order, as the overview shows them. */
export async function listRoomDocuments({
  tx,
  actor,
  id,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<RoomDocumentView[]> {
  assertRoomsAvailable(actor);
  const room = await findRoom(tx, actor, id);
  return (await loadRoomOverview({ tx, room, viewer: { kind: 'admin' } })).documents;
}

/** The room's documents of these ids, as the overview presents them (after an add or an update). */
export async function presentRoomDocuments(
  tx: Tx,
  roomId: number,
  ids: number[],
): Promise<RoomDocumentView[]> {
  const { documents } = await loadRoomOverview({ tx, room: { id: roomId }, viewer: { kind: 'admin' } });
  return documents.filter((d) => ids.includes(d.id));
}
