import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../http/errors.ts';
import type { Tx } from './client.ts';

/** A table whose rows belong to one workspace. */
export type OwnedTable = PgTable & { id: AnyPgColumn; accountId: AnyPgColumn };

export type OwnedOptions = {
  /** Lock the row for the rest of the transaction, so concurrent writes to it queue up. */
  lock?: boolean;
  /** A policy's SQL twin: rows the actor may not see answer as absent. */
  visible?: SQL;
  /** The 404 message ("Task not found"). */
  what?: string;
};

/**
 * The condition findOwned applies, for a query that loads more than the row itself in one statement:
 * this id, in the actor's workspace, and visible to them.
 */
export const ownedRow = <T extends OwnedTable>(
  table: T,
  scope: { accountId: number },
  id: number,
  visible?: SQL,
) => and(eq(table.id, id), eq(table.accountId, scope.accountId), visible);

/**
 * The one way to load a row by id for a workspace: another workspace's row, or one the actor's policy
 * hides, is simply not found (DESIGN §4), never a 403 that would confirm it exists.
 */
export async function findOwned<T extends OwnedTable>(
  tx: Tx,
  table: T,
  scope: { accountId: number },
  id: number,
  options: OwnedOptions = {},
): Promise<T['$inferSelect']> {
  const query = tx
    .select()
    .from(table as PgTable)
    .where(ownedRow(table, scope, id, options.visible))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(options.what ?? 'Not found');
  return row as T['$inferSelect'];
}

/**
 * findOwned for many ids at once, for bulk routes: one query, and a 404 unless every id is the
 * workspace's and visible to the actor (all or nothing, so a bulk call never acts on part of a
 * selection that named a row it may not touch). Duplicates count once.
 */
export async function findAllOwned<T extends OwnedTable>(
  tx: Tx,
  table: T,
  scope: { accountId: number },
  ids: number[],
  options: OwnedOptions = {},
): Promise<T['$inferSelect'][]> {
  const unique = [...new Set(ids)];
  const query = tx
    .select()
    .from(table as PgTable)
    .where(and(inArray(table.id, unique), eq(table.accountId, scope.accountId), options.visible));
  const rows = options.lock ? await query.for('update') : await query;
  if (rows.length !== unique.length) throw notFound(options.what ?? 'Not found');
  return rows as T['$inferSelect'][];
}
