import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { countRows, migrationLevel, quoteName, tableNames } from './count-rows.ts';
import { assertEmptyPostgres } from './restore-backup.ts';

/** Rows per INSERT: a batch is one JSON text, so large rows (signature images) stay well under limits. */
const BATCH = 500;

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * Copies an embedded database (stopped server, migrated) into an empty PostgreSQL database: the target
 * is migrated to the same level by the same migrations, then every table's rows are copied in one
 * transaction. Foreign keys are made deferrable for that transaction and checked at its end, so tables
 * go in any order (self-references included); identity columns keep their values and every sequence
 * continues where it was. Rows travel as JSON (row_to_json, json_populate_recordset), so PostgreSQL
 * itself converts every type both ways. Returns the row counts, checked equal on both sides.
 */
export async function migrateToPostgres(source: PGlite, url: string): Promise<Record<string, number>> {
  await assertEmptyPostgres(url);
  const target = await openDatabase({ databaseUrl: url, dataDir: '', log: quiet });
  try {
    await target.migrate();
  } finally {
    await target.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sourceLevel = await migrationLevel((text) => source.query(text));
    const targetLevel = await migrationLevel((text) => client.query(text));
    if (sourceLevel !== targetLevel) {
      throw new Error(`The embedded database is at migration ${sourceLevel}, PostgreSQL at ${targetLevel}.`);
    }
    await client.query('begin');
    const constraints = await client.query<{ tbl: string; name: string }>(
      `select conrelid::regclass::text as tbl, conname as name from pg_constraint
        where contype = 'f' and connamespace = 'public'::regnamespace and not condeferrable`,
    );
    const alter = (deferrable: string) =>
      Promise.all(
        constraints.rows.map(({ tbl, name }) =>
          client.query(`alter table ${tbl} alter constraint ${quoteName(name)} ${deferrable}`),
        ),
      );
    await alter('deferrable initially deferred');
    await client.query('set constraints all deferred');
    await source.transaction(async (tx) => {
      for (const table of await tableNames((text) => tx.query(text))) await copyTable(tx, client, table);
    });
    // Checks every foreign key now, then puts the constraints back as they were.
    await client.query('set constraints all immediate');
    await alter('not deferrable');
    await copySequences(source, client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return compareCounts(source, url);
}

async function copyTable(tx: Transaction, client: pg.Client, table: string) {
  const columns = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  const list = columns.rows.map((column) => quoteName(column.name)).join(', ');
  const insert =
    `insert into ${quoteName(table)} (${list}) overriding system value ` +
    `select ${list} from json_populate_recordset(null::${quoteName(table)}, $1::json)`;
  await tx.exec(
    `declare copy_rows no scroll cursor for select row_to_json(t)::text as row from ${quoteName(table)} t`,
  );
  for (;;) {
    const { rows } = await tx.query<{ row: string }>(`fetch ${BATCH} from copy_rows`);
    if (rows.length === 0) break;
    await client.query(insert, [`[${rows.map((r) => r.row).join(',')}]`]);
  }
  await tx.exec('close copy_rows');
}

async function copySequences(source: PGlite, client: pg.Client) {
  const { rows } = await source.query<{ name: string; value: string }>(
    `select sequencename as name, last_value::text as value from pg_sequences
      where schemaname = 'public' and last_value is not null`,
  );
  for (const { name, value } of rows) {
    await client.query('select setval($1::regclass, $2::bigint, true)', [`public.${quoteName(name)}`, value]);
  }
}

async function compareCounts(source: PGlite, url: string): Promise<Record<string, number>> {
  const before = await countRows((text) => source.query(text));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const after = await countRows((text) => client.query(text));
    const differ = Object.keys(before.rows).filter((table) => before.rows[table] !== after.rows[table]);
    if (differ.length > 0) throw new Error(`Row counts differ after the move: ${differ.join(', ')}.`);
    return after.rows;
  } finally {
    await client.end();
  }
}
