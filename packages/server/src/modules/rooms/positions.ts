import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { roomDocuments, roomLinks } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

/** Swaps the positions of two rows of one room's ordered list (links or documents); both must be the room's. */
export async function swapPositions(
  tx: Tx,
  table: typeof roomLinks | typeof roomDocuments,
  roomId: number,
  a: number,
  b: number,
  what: string,
) {
  const rows = await tx
    .select({ id: table.id, position: table.position })
    .from(table)
    .where(and(eq(table.roomId, roomId), inArray(table.id, [a, b])))
    .for('update');
  const first = rows.find((r) => r.id === a);
  const second = rows.find((r) => r.id === b);
  if (!first || !second) throw notFound(what);
  if (a === b) return;
  await tx.update(table).set({ position: second.position }).where(eq(table.id, a));
  await tx.update(table).set({ position: first.position }).where(eq(table.id, b));
}

/** The next position at the end of a room's ordered list (select it from the list's table, by room). */
export const nextPosition = sql<number>`coalesce(max(position), 0) + 1`;
