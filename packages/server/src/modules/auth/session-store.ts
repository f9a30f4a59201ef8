import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomToken, sha256 } from '../../adapters/secrets.ts';
import type { Tx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export const SESSION_TTL_DAYS = 14;
export const SESSION_COOKIE = 'charter_session';

export type SessionMethod = 'password' | 'challenge' | 'oidc' | 'register' | 'remote';

export async function createSession(
  tx: Tx,
  input: {
    userId: number;
    method: SessionMethod;
    ip?: string;
    userAgent?: string;
    impersonatorId?: number;
    /** The workspace a remote login is for: its session opens no other (see auth/policies.ts). */
    boundAccountId?: number;
  },
) {
  const id = randomUUID();
  const secret = randomToken();
  await tx.insert(sessions).values({
    id,
    userId: input.userId,
    secretHash: sha256(secret),
    method: input.method,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
    impersonatorId: input.impersonatorId,
    boundAccountId: input.boundAccountId,
    expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000),
  });
  return { id, cookie: `${id}.${secret}` };
}

/** A session that is neither revoked nor expired. */
export const liveSession = (id: string) =>
  and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** The live session and its (enabled) user, or null. One indexed query. */
export async function findLiveSession(db: Tx, id: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(liveSession(id), isNull(users.disabledAt)))
    .limit(1);
  return row ?? null;
}

export async function findSessionByCookie(db: Tx, cookie: string | undefined) {
  if (!cookie) return null;
  const [id, secret] = cookie.split('.');
  if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const row = await findLiveSession(db, id);
  return row && row.session.secretHash === sha256(secret) ? row : null;
}

export async function touchSession(tx: Tx, id: string) {
  await tx
    .update(sessions)
    .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000) })
    .where(liveSession(id));
}

export async function revokeSession(tx: Tx, id: string) {
  await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}

/** Ends every session of a user, except `keep` (the one changing the password, say). */
export async function revokeUserSessions(tx: Tx, userId: number, keep?: string) {
  const others = keep ? sql`${sessions.id} <> ${keep}` : sql`true`;
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others));
}
