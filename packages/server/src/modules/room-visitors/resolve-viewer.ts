import {
  RESTRICTED_ROLE_ID,
  ROOM_SESSION_HEADER,
  ROOM_VISITOR_KEY_HEADER,
  VISITOR_KEY_PATTERN,
} from '@charter/domain';
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sha256 } from '../../adapters/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { accounts, memberships, roomCodes, roomSessions, roomVisitors } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/actor.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import { activeMembership } from '../accounts/memberships.ts';
import type { RoomRow } from './find-room.ts';
import { authorizeViewer, type RoomViewer, type VisitorRow } from './policies.ts';

/** A room visitor's row as VisitorRow holds it (file-viewer.ts selects the same with a token). */
export const visitorColumns = {
  id: roomVisitors.id,
  email: roomVisitors.email,
  name: roomVisitors.name,
  userId: roomVisitors.userId,
  previousVisitAt: roomVisitors.previousVisitAt,
  disconnectedAt: roomVisitors.disconnectedAt,
};

/**
 * What the request carries that may name a viewer; read once by the route. `boundAccountId`: the one
 * workspace a remote-login (staff) session may act in; in another workspace's room its user counts for nothing.
 */
export type ViewerCredentials = {
  session: string | null;
  key: string | null;
  user: UserRow | null;
  boundAccountId: number | null;
};

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length <= 200 ? value : null;
};

/** The browser key a visitor page sends, when well formed. */
export function readVisitorKey(request: FastifyRequest): string | null {
  const key = header(request, ROOM_VISITOR_KEY_HEADER);
  return key && VISITOR_KEY_PATTERN.test(key) ? key : null;
}

/**
 * The credentials of a guest request: a room session, a browser key, and the signed-in user if any
 * (Bearer id_token or session cookie). A bad Bearer token is an error the page acts on (it clears its
 * tokens); a stale cookie is only ignored, as if signed out.
 */
export async function readCredentials(ctx: AppContext, request: FastifyRequest): Promise<ViewerCredentials> {
  let actor: { user: UserRow; boundAccountId: number | null } | null = null;
  if (request.headers.authorization?.startsWith('Bearer ')) {
    actor = await authenticateUser(ctx, request);
  } else if (request.cookies?.charter_session) {
    actor = await authenticateUser(ctx, request).catch(() => null);
  }
  return {
    session: header(request, ROOM_SESSION_HEADER),
    key: readVisitorKey(request),
    user: actor?.user ?? null,
    boundAccountId: actor?.boundAccountId ?? null,
  };
}

/** Whether an email holds a redeemed, unrevoked personal link of the room. */
async function holdsLink(tx: Tx, roomId: number, email: string | null): Promise<boolean> {
  if (!email) return false;
  const [row] = await tx
    .select({ id: roomCodes.id })
    .from(roomCodes)
    .where(
      and(
        eq(roomCodes.roomId, roomId),
        sql`lower(${roomCodes.email}) = lower(${email})`,
        isNotNull(roomCodes.redeemedAt),
        isNull(roomCodes.revokedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** An admin of the room's workspace, unless it is restricted (role 3: rooms are closed to it). */
export async function isRoomAdmin(tx: Tx, room: RoomRow, userId: number) {
  const [row] = await tx
    .select({ isAdmin: memberships.isAdmin })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.accountId, room.accountId),
        eq(memberships.userId, userId),
        activeMembership,
        ne(accounts.roleId, RESTRICTED_ROLE_ID),
      ),
    )
    .limit(1);
  return row?.isAdmin === true;
}

/**
 * A visitor the room already knows (by a room session or a file token), let in or refused by the room's
 * access mode as it stands now; a personal link their address holds counts.
 */
export async function authorizeVisitor(
  tx: Tx,
  room: RoomRow,
  visitor: VisitorRow,
  via: 'session' | 'user' | 'key',
): Promise<RoomViewer> {
  const linkHolder = await holdsLink(tx, room.id, visitor.email);
  return authorizeViewer(room, { kind: 'visitor', visitor, userId: visitor.userId, linkHolder, via });
}

async function sessionVisitor(tx: Tx, room: RoomRow, token: string): Promise<VisitorRow | null> {
  const [row] = await tx
    .select(visitorColumns)
    .from(roomSessions)
    .innerJoin(roomVisitors, eq(roomVisitors.id, roomSessions.visitorId))
    .where(
      and(
        eq(roomSessions.tokenHash, sha256(token)),
        eq(roomSessions.roomId, room.id),
        gt(roomSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

const fullName = (user: UserRow) => `${user.firstName} ${user.familyName}`.trim();

/** The visitor row of a signed-in user or a browser key, made on first sight. */
async function ensureVisitor(
  tx: Tx,
  roomId: number,
  who: { user: UserRow } | { key: string },
): Promise<VisitorRow> {
  if ('user' in who) {
    await tx
      .insert(roomVisitors)
      .values({ roomId, userId: who.user.id, email: who.user.email, name: fullName(who.user) })
      .onConflictDoNothing();
  } else {
    await tx.insert(roomVisitors).values({ roomId, key: who.key }).onConflictDoNothing();
  }
  const match = 'user' in who ? eq(roomVisitors.userId, who.user.id) : eq(roomVisitors.key, who.key);
  const [row] = await tx
    .select(visitorColumns)
    .from(roomVisitors)
    .where(and(eq(roomVisitors.roomId, roomId), match));
  return row;
}

async function findVisitor(tx: Tx, roomId: number, who: { user: UserRow } | { key: string }) {
  const match = 'user' in who ? eq(roomVisitors.userId, who.user.id) : eq(roomVisitors.key, who.key);
  const [row] = await tx
    .select(visitorColumns)
    .from(roomVisitors)
    .where(and(eq(roomVisitors.roomId, roomId), match));
  return row ?? null;
}

/**
 * Who is looking at the room, checked against its access mode (policies.ts). Order: an admin of the owning
 * workspace, a room session, a signed-in user, an anonymous browser key. A visitor row is made only for a
 * viewer who is let in, so refused strangers leave no trace in the room's visitor list.
 */
export async function resolveViewer(
  tx: Tx,
  room: RoomRow,
  credentials: ViewerCredentials,
  /** The browser key's visitor row when it came with the room (find-room.ts findRoomAndPartsByCode). */
  known?: { keyVisitor: VisitorRow | null | undefined },
): Promise<RoomViewer> {
  // A remote-login session acts in its one workspace only: elsewhere it is as if signed out.
  const bound = credentials.boundAccountId;
  const user = bound === null || bound === room.accountId ? credentials.user : null;
  if (user && (await isRoomAdmin(tx, room, user.id))) {
    return { kind: 'admin', userId: user.id, email: user.email, name: fullName(user) };
  }
  if (credentials.session) {
    const visitor = await sessionVisitor(tx, room, credentials.session);
    if (visitor) return authorizeVisitor(tx, room, visitor, 'session');
  }
  const who = user ? { user } : credentials.key ? { key: credentials.key } : null;
  if (!who) return authorizeViewer(room, null);
  const existing =
    'key' in who && known?.keyVisitor !== undefined ? known.keyVisitor : await findVisitor(tx, room.id, who);
  const email = user?.email ?? existing?.email ?? null;
  // A signed-in user holds the address's personal link only once they proved the address: anyone may
  // register an address and sign in before confirming it (the link's session itself stays the holder's).
  const proven = user ? (user.emailVerifiedAt ? user.email : null) : email;
  const probe: VisitorRow = existing ?? {
    id: 0,
    email,
    name: user ? fullName(user) : '',
    userId: user?.id ?? null,
    previousVisitAt: null,
    disconnectedAt: null,
  };
  const linkHolder = await holdsLink(tx, room.id, proven);
  const via = user ? 'user' : 'key';
  authorizeViewer(room, { kind: 'visitor', visitor: probe, userId: probe.userId, linkHolder, via });
  const row = existing ?? (await ensureVisitor(tx, room.id, who));
  // An unconfirmed address is no one's yet: it names no document to sign (nor download in a read-only
  // room), no own report rows and no NDA signer until its owner proves it.
  const visitor = user && !user.emailVerifiedAt ? { ...row, email: null } : row;
  return { kind: 'visitor', visitor, userId: visitor.userId, linkHolder, via };
}
