import { ROOM_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rooms } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { CODE_PATTERN, codeHash } from '../rooms/link-codes.ts';

export type RoomRow = typeof rooms.$inferSelect;

/** The link is dead (revoked by a new generation) or never was: one answer for both. */
export const roomGone = () => new AppError('NOT_FOUND', ROOM_MESSAGES.revoked);

/**
 * The room a general access code opens: found only by the code's hash, never by an id from the request.
 * A malformed code is refused before the database is asked.
 */
export async function findRoomByCode(tx: Tx, code: string): Promise<RoomRow> {
  if (!CODE_PATTERN.test(code)) throw roomGone();
  const [room] = await tx
    .select()
    .from(rooms)
    .where(eq(rooms.codeHash, codeHash(code)))
    .limit(1);
  if (!room) throw roomGone();
  return room;
}
