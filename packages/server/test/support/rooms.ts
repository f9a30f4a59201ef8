import { randomToken, sha256 } from '../../src/adapters/secrets.ts';
import { roomCodes, roomHistory, rooms, roomVisitors } from '../../src/db/schema/index.ts';
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
