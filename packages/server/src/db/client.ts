import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { guardCommits } from './commit-guard.ts';
import { openDurablePglite } from './pglite-durable.ts';
import { withStatementCache } from './pglite-statements.ts';
import { createPool, type DatabaseLog, type PostgresSettings, waitForPostgres } from './postgres.ts';
import * as schema from './schema/index.ts';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A transaction or the database itself: operations take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded instance, for tests that dump and load it. */
  pglite?: PGlite;
  /** PostgreSQL's connection pool (its sizes are reported on /metrics). */
  pool?: pg.Pool;
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export type DatabaseOptions = {
  databaseUrl: string | null;
  dataDir: string;
  /** An already opened embedded instance (tests load one from a dump). */
  pglite?: PGlite;
  databaseConnectTimeoutMs?: number;
  databaseStatementTimeoutMs?: number;
  /** Where waiting for PostgreSQL and lost connections are reported; the console by default. */
  log?: DatabaseLog;
};

const consoleLog: DatabaseLog = {
  info: (_details, message) => console.log(message),
  warn: (_details, message) => console.warn(message),
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const settings: PostgresSettings = {
      databaseUrl: options.databaseUrl,
      connectTimeoutMs: options.databaseConnectTimeoutMs ?? 5000,
      statementTimeoutMs: options.databaseStatementTimeoutMs ?? 30_000,
    };
    const log = options.log ?? consoleLog;
    const pool = createPool(settings, log);
    await waitForPostgres(pool, settings.databaseUrl, log);
    // Both drivers share one schema and one query surface; the cast names that fact once.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    guardCommits(db, pool, 3 * settings.connectTimeoutMs, log);
    return {
      db,
      driver: 'postgres',
      pool,
      migrate: () => migrateWithoutTimeout(settings),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    const dir = path.join(options.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
    client = await openDurablePglite(dir);
  }
  const pglite = client;
  const db = drizzlePglite(withStatementCache(pglite), { schema });
  return {
    db,
    driver: 'pglite',
    pglite,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => pglite.close(),
  };
}

/** Migrations run on a connection of their own, without the pool's statement_timeout. */
async function migrateWithoutTimeout(settings: PostgresSettings) {
  const client = new pg.Client({
    connectionString: settings.databaseUrl,
    connectionTimeoutMillis: settings.connectTimeoutMs,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end().catch(() => undefined);
  }
}
