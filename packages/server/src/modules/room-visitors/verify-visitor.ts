import {
  normalizeVerificationCode,
  type RoomSessionView,
  VERIFICATION_CODE_LENGTH,
  VERIFY_ERROR,
  VISITOR_MESSAGES,
} from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roomVisitors } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { checkCode, consumeCode, findCode } from '../auth/one-time-codes.ts';
import { provenCodeUser } from '../auth/proven-code-user.ts';
import type { RoomRow } from './find-room.ts';
import { challengeState } from './request-verification.ts';
import { startRoomSession } from './room-sessions.ts';

/**
 * POST /api/guest/rooms/{code}/challenge/{id}: the emailed code proves the address. The visitor who asked
 * takes the email (and its user), or, when that user already visits the room, the session is theirs.
 * A challenge of another room, or not a room's, is not found.
 */
export async function verifyVisitor(input: {
  db: Db;
  room: RoomRow;
  id: string;
  code: string;
}): Promise<RoomSessionView> {
  const code = normalizeVerificationCode(input.code);
  if (code.length !== VERIFICATION_CODE_LENGTH) throw invalid({ code: 'must be 8 characters' });
  const row = await findCode(input.db, input.id);
  const prefix = challengeState(input.room.id, 0).replace(/0$/, '');
  const ours = row?.purpose === 'challenge' && row.state?.startsWith(prefix) ? row : null;
  await checkCode(input.db, ours, code, VERIFY_ERROR);
  const visitorId = Number(ours!.state!.slice(prefix.length));
  return input.db.transaction(async (tx) => {
    await consumeCode(tx, ours!.id);
    // The mailed code proved the address, as the sign-in challenge's does (auth/redeem-challenge.ts).
    const user = await provenCodeUser(tx, ours!);
    const [existing] = await tx
      .select({ id: roomVisitors.id, disconnectedAt: roomVisitors.disconnectedAt })
      .from(roomVisitors)
      .where(and(eq(roomVisitors.roomId, input.room.id), eq(roomVisitors.userId, user.id)))
      .limit(1);
    const name = `${user.firstName} ${user.familyName}`.trim();
    if (!existing) {
      await tx
        .update(roomVisitors)
        .set({ email: user.email, userId: user.id, name })
        .where(and(eq(roomVisitors.id, visitorId), eq(roomVisitors.roomId, input.room.id)));
    }
    const target = existing?.id ?? visitorId;
    if (existing?.disconnectedAt) throw new AppError('FORBIDDEN', VISITOR_MESSAGES.disconnected);
    return startRoomSession(tx, input.room.id, target);
  });
}
