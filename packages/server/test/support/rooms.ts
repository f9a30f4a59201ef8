import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { randomToken, sha256 } from '../../src/adapters/secrets.ts';
import {
  files,
  roomCodes,
  roomDocuments,
  roomHistory,
  rooms,
  roomVisitors,
} from '../../src/db/schema/index.ts';
import { codeHash, deriveCode, linkSecret } from '../../src/modules/rooms/link-codes.ts';
import type { TestApp } from '../harness.ts';

/** A room of a workspace, made directly (the rooms module owns its API). */
export async function insertRoom(t: TestApp, accountId: number, label = 'Series A Data Room') {
  const [room] = await t.ctx.db
    .insert(rooms)
    .values({ accountId, label, type: 'data-room', codeHash: `pending:${randomToken()}` })
    .returning();
  return room;
}

export async function insertVisitor(
  t: TestApp,
  roomId: number,
  values: Partial<typeof roomVisitors.$inferInsert> = {},
) {
  const [visitor] = await t.ctx.db
    .insert(roomVisitors)
    .values({ roomId, ...values })
    .returning();
  return visitor;
}

export async function insertHistory(t: TestApp, rows: (typeof roomHistory.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return t.ctx.db.insert(roomHistory).values(rows).returning();
}

/** A personal link whose secret no one knows (only its hash is kept, as always). */
export async function insertRoomCode(t: TestApp, roomId: number, email: string) {
  const [code] = await t.ctx.db
    .insert(roomCodes)
    .values({ roomId, email, codeHash: sha256(randomToken()) })
    .returning();
  return code;
}

/** A room with its general code, made as the rooms module makes them (the code derived, only its hash kept). */
export async function insertCodedRoom(
  t: TestApp,
  accountId: number,
  values: Partial<typeof rooms.$inferInsert> = {},
) {
  const [room] = await t.ctx.db
    .insert(rooms)
    .values({
      accountId,
      label: 'Series A',
      type: 'data-room',
      codeHash: `pending:${randomToken()}`,
      ...values,
    })
    .returning();
  const code = deriveCode(await linkSecret(t.ctx, t.ctx.db), 'room', room.id, room.codeGeneration);
  await t.ctx.db
    .update(rooms)
    .set({ codeHash: codeHash(code) })
    .where(eq(rooms.id, room.id));
  return { room, code };
}

/** A new generation of the room's general code (the old one is revoked); the new code. */
export async function regenerateRoomCode(t: TestApp, roomId: number) {
  const [room] = await t.ctx.db.select().from(rooms).where(eq(rooms.id, roomId));
  const generation = room.codeGeneration + 1;
  const code = deriveCode(await linkSecret(t.ctx, t.ctx.db), 'room', roomId, generation);
  await t.ctx.db
    .update(rooms)
    .set({ codeGeneration: generation, codeHash: codeHash(code) })
    .where(eq(rooms.id, roomId));
  return code;
}

/** A cabinet file (a tiny PDF), in the room's documents when a room is given. */
export async function addRoomFile(t: TestApp, accountId: number, roomId: number | null, name = 'deck.pdf') {
  const stored = await t.ctx.storage.put(new TextEncoder().encode(`%PDF-1.4 ${name}`));
  const [file] = await t.ctx.db
    .insert(files)
    .values({
      accountId,
      filename: name,
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
    })
    .returning();
  if (roomId) {
    await t.ctx.db.insert(roomDocuments).values({ roomId, fileId: file.id, label: name, position: 1 });
  }
  return file;
}

/**
 * A personal link as the settings module sends it: the secret (only in the email) and the public id its
 * URL names it by (`rowId`: the row's own, for the admin's routes).
 */
export async function personalLink(t: TestApp, roomId: number, email: string) {
  const secret = randomToken();
  const [row] = await t.ctx.db
    .insert(roomCodes)
    .values({ roomId, email, codeHash: sha256(secret) })
    .returning();
  return { id: row.publicId, rowId: row.id, secret };
}

/** An anonymous browser's key, as the visitor page makes one. */
export const newVisitorKey = () => randomBytes(16).toString('base64url');

/** Who a room guest request comes from: a guest session, a visitor key, a signed-in user's bearer. */
export type RoomGuest = { session?: string; key?: string; bearer?: string };

/** The headers of a room guest request by `who` (none for nobody). */
export const roomGuestHeaders = (who: RoomGuest = {}) => ({
  ...(who.session ? { 'x-room-session': who.session } : {}),
  ...(who.key ? { 'x-room-visitor-key': who.key } : {}),
  ...(who.bearer ? { authorization: who.bearer } : {}),
});
