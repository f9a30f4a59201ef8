import {
  ROOM_CODE_ATTEMPT_WINDOW_MINUTES,
  ROOM_CODE_MAX_ATTEMPTS,
  ROOM_MESSAGES,
  type RoomSessionView,
  VISITOR_MESSAGES,
} from '@charter/domain';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { hashEquals, sha256 } from '../../adapters/secrets.ts';
import type { Db, Tx } from '../../db/client.ts';
import { roomCodeAttempts, roomCodes, roomVisitors, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { RoomRow } from './find-room.ts';
import { startRoomSession } from './room-sessions.ts';

type CodeRow = typeof roomCodes.$inferSelect;

/**
 * Who is trying a link, as its attempts are counted: the client's address and its browser key, hashed
 * (neither is kept). A guesser is refused by their own count; every other client keeps its own.
 */
export const attemptClient = (ip: string, visitorKey: string | null) => sha256(`${ip}|${visitorKey ?? ''}`);

/** The link a URL names: by its random public id, or, for a link mailed before those, its row's number. */
async function findLink(db: Db, room: RoomRow, id: number | string) {
  const match =
    typeof id === 'number'
      ? and(eq(roomCodes.id, id), eq(roomCodes.legacyLink, true))
      : eq(roomCodes.publicId, id);
  const [row] = await db
    .select()
    .from(roomCodes)
    .where(and(match, eq(roomCodes.roomId, room.id)))
    .limit(1);
  return row;
}

/** Counts one more try of this client on this link (a new window after the last one ends); the count. */
async function countAttempt(db: Db, codeId: number, client: string): Promise<number> {
  const stale = sql`${roomCodeAttempts.windowStart} < now() - make_interval(mins => ${ROOM_CODE_ATTEMPT_WINDOW_MINUTES})`;
  const [row] = await db
    .insert(roomCodeAttempts)
    .values({ codeId, client, attempts: 1 })
    .onConflictDoUpdate({
      target: [roomCodeAttempts.codeId, roomCodeAttempts.client],
      set: {
        attempts: sql`case when ${stale} then 1 else ${roomCodeAttempts.attempts} + 1 end`,
        windowStart: sql`case when ${stale} then now() else ${roomCodeAttempts.windowStart} end`,
      },
    })
    .returning({ attempts: roomCodeAttempts.attempts });
  return row.attempts;
}

/**
 * Checks a personal link's secret. Runs on the database itself, not the request's transaction, so a wrong
 * try stays counted when the request then fails. Tries are counted per client: past the limit this client
 * is refused whatever it carries, for the rest of the window, and nobody else is. Whether the link was
 * revoked or used is told only to whoever holds its secret.
 */
async function checkRoomCode(
  db: Db,
  room: RoomRow,
  id: number | string,
  secret: string,
  client: string,
): Promise<CodeRow> {
  const row = await findLink(db, room, id);
  if (!row) throw new AppError('E_CODE_INVALID', VISITOR_MESSAGES.inviteInvalid);
  if ((await countAttempt(db, row.id, client)) > ROOM_CODE_MAX_ATTEMPTS)
    throw new AppError('E_CODE_RETRY', VISITOR_MESSAGES.inviteLocked);
  if (!hashEquals(row.codeHash, secret)) throw new AppError('E_CODE_INVALID', VISITOR_MESSAGES.inviteInvalid);
  await db
    .delete(roomCodeAttempts)
    .where(and(eq(roomCodeAttempts.codeId, row.id), eq(roomCodeAttempts.client, client)));
  if (row.revokedAt) throw new AppError('E_CODE_INVALID', ROOM_MESSAGES.revoked);
  if (row.redeemedAt) throw new AppError('E_CODE_REDEEMED', ROOM_MESSAGES.codeRedeemedLimited);
  return row;
}

/**
 * The visitor an invited email becomes: the user's own visitor row if a user proved that email, else one
 * by email. An unconfirmed account of the address (anyone may register one) gets nothing of the invitee's:
 * not their visitor row, its history or the NDA it signed.
 */
async function visitorForEmail(tx: Tx, roomId: number, email: string) {
  const [user] = await tx
    .select({ id: users.id, firstName: users.firstName, familyName: users.familyName })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.emailVerifiedAt)))
    .limit(1);
  const name = user ? `${user.firstName} ${user.familyName}`.trim() : '';
  const match = user
    ? eq(roomVisitors.userId, user.id)
    : and(isNull(roomVisitors.userId), sql`lower(${roomVisitors.email}) = lower(${email})`);
  const [found] = await tx
    .select({ id: roomVisitors.id })
    .from(roomVisitors)
    .where(and(eq(roomVisitors.roomId, roomId), match))
    .limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(roomVisitors)
    .values({ roomId, email, name, userId: user?.id ?? null })
    .returning({ id: roomVisitors.id });
  return made.id;
}

/**
 * POST /api/guest/rooms/{code}/redeem: a personal link, used once. Its row must belong to the room the code
 * opens; success links the email's visitor and starts a room session.
 */
export async function redeemRoomCode(input: {
  db: Db;
  room: RoomRow;
  id: number | string;
  secret: string;
  /** attemptClient() of the request. */
  client: string;
}): Promise<RoomSessionView> {
  const row = await checkRoomCode(input.db, input.room, input.id, input.secret, input.client);
  return input.db.transaction(async (tx) => {
    const [used] = await tx
      .update(roomCodes)
      .set({ redeemedAt: new Date() })
      .where(and(eq(roomCodes.id, row.id), isNull(roomCodes.redeemedAt)))
      .returning({ id: roomCodes.id });
    if (!used) throw new AppError('E_CODE_REDEEMED', ROOM_MESSAGES.codeRedeemedLimited);
    const visitorId = await visitorForEmail(tx, input.room.id, row.email);
    const [visitor] = await tx
      .select({ disconnectedAt: roomVisitors.disconnectedAt })
      .from(roomVisitors)
      .where(eq(roomVisitors.id, visitorId));
    if (visitor?.disconnectedAt) throw new AppError('FORBIDDEN', VISITOR_MESSAGES.disconnected);
    return startRoomSession(tx, input.room.id, visitorId, row.id);
  });
}
