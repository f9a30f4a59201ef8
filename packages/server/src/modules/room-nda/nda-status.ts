import type { NdaStatus } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { currentVisitorOf, type RoomRow, statusOf, type VisitorRow } from './scope.ts';

/**
 * Where a visitor stands with the room's NDA: 'signed' once the NDA they signed for the room's current
 * NDA file is sealed, 'pending' while it waits for their signature or its seal, else 'none' (also for a
 * room without an NDA: see ndaGateOpen). A visitor of another room is refused (404).
 */
export async function ndaStatus(input: {
  tx: Tx;
  room: RoomRow;
  visitor: Pick<VisitorRow, 'id'>;
}): Promise<NdaStatus> {
  const visitor = await currentVisitorOf(input.tx, input.room, input.visitor);
  return statusOf(input.tx, input.room, visitor);
}

/** Whether the room's documents may show to this visitor: the room asks no NDA, or theirs is sealed. */
export async function ndaGateOpen(input: {
  tx: Tx;
  room: RoomRow;
  visitor: Pick<VisitorRow, 'id'>;
}): Promise<boolean> {
  if (input.room.ndaFileId === null) return true;
  return (await ndaStatus(input)) === 'signed';
}
