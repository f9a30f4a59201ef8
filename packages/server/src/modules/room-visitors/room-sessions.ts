import type { RoomSessionView } from '@charter/domain';
import { lt } from 'drizzle-orm';
import { randomToken, sha256 } from '../../adapters/secrets.ts';
import type { Tx } from '../../db/client.ts';
import { roomSessions } from '../../db/schema/index.ts';

/** How long a visitor's room session lasts (the page keeps it; a new link or sign-in makes another). */
export const ROOM_SESSION_TTL_MS = 30 * 24 * 3600_000;

/**
 * A new room session for a visitor: the token goes to the page once, only its hash is kept. `codeId`: the
 * personal link that started it, whose revocation ends it.
 */
export async function startRoomSession(
  tx: Tx,
  roomId: number,
  visitorId: number,
  codeId: number | null = null,
): Promise<RoomSessionView> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ROOM_SESSION_TTL_MS);
  await tx.delete(roomSessions).where(lt(roomSessions.expiresAt, new Date()));
  await tx.insert(roomSessions).values({ tokenHash: sha256(token), roomId, visitorId, codeId, expiresAt });
  return { session: token, expires_at: expiresAt.toISOString() };
}
