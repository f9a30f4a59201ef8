import { ROOM_ADMIN_MESSAGES } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { roomDocuments, roomLinks, rooms, roomTables } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';

/** A room of the actor's workspace; another workspace's is simply not found. */
export const findRoom = (tx: Tx, actor: MemberActor, id: number, lock = false) =>
  findOwned(tx, rooms, actor, id, { what: ROOM_ADMIN_MESSAGES.notFound, lock });

/** A link, document or table of this room (its id alone names nothing outside it). */
export async function findLink(tx: Tx, roomId: number, id: number) {
  const [row] = await tx
    .select()
    .from(roomLinks)
    .where(and(eq(roomLinks.id, id), eq(roomLinks.roomId, roomId)));
  if (!row) throw notFound('Room link not found');
  return row;
}

export async function findRoomDocument(tx: Tx, roomId: number, id: number) {
  const [row] = await tx
    .select()
    .from(roomDocuments)
    .where(and(eq(roomDocuments.id, id), eq(roomDocuments.roomId, roomId)));
  if (!row) throw notFound('Room document not found');
  return row;
}

export async function findRoomTable(tx: Tx, roomId: number, id: number) {
  const [row] = await tx
    .select()
    .from(roomTables)
    .where(and(eq(roomTables.id, id), eq(roomTables.roomId, roomId)));
  if (!row) throw notFound('Room table not found');
  return row;
}
