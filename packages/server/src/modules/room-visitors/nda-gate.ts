import { type GuestRoomView, NDA_MESSAGES } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import { ndaStatus } from '../room-nda/nda-status.ts';
import type { RoomRow } from './find-room.ts';
import type { RoomViewer } from './policies.ts';

/** Where this viewer stands with the room's NDA (admins never need one). */
export async function ndaGate(tx: Tx, room: RoomRow, viewer: RoomViewer): Promise<GuestRoomView['nda']> {
  const required = room.ndaFileId !== null && viewer.kind === 'visitor';
  if (!required) return { required: false, status: 'none', file_id: room.ndaFileId };
  return {
    required,
    status: await ndaStatus({ tx, room, visitor: viewer.visitor }),
    file_id: room.ndaFileId,
  };
}

/** A room file opens to a visitor only once their NDA is sealed; the NDA itself is readable before. */
export async function assertNdaAllows(tx: Tx, room: RoomRow, viewer: RoomViewer, fileId: number) {
  if (room.ndaFileId === null || fileId === room.ndaFileId) return;
  const gate = await ndaGate(tx, room, viewer);
  if (gate.required && gate.status !== 'signed') throw forbidden(NDA_MESSAGES.gate);
}
