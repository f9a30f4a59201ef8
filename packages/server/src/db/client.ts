import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks.ts';
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
  /**
   * A direct connection (not through a transaction pooler such as PgBouncer): migrations hold a
   * session-level advisory lock, which a pooler in transaction mode would not keep on one connection.
   */
  databaseListenUrl?: string | null;
  dataDir: string;
  /** An already opened embedded instance (tests load one from a dump). */
  pglite?: PGlite;
  databaseConnectTimeoutMs?: number;
  databaseStatementTimeoutMs?: number;
  databaseQueryTimeoutMs?: number;
  /** Where waiting for PostgreSQL and lost connections are reported; the console by default. */
  log?: DatabaseLog;
};

const consoleLog: DatabaseLog = {
  info: (_details, message) => console.log(message),
  warn: (_details, message) => console.warn(message),
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const statementTimeoutMs = options.databaseStatementTimeoutMs ?? 30_000;
    const settings: PostgresSettings = {
      databaseUrl: options.databaseUrl,
      connectTimeoutMs: options.databaseConnectTimeoutMs ?? 5000,
      statementTimeoutMs,
      queryTimeoutMs:
        options.databaseQueryTimeoutMs ?? (statementTimeoutMs > 0 ? statementTimeoutMs + 5000 : 0),
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
      migrate: () =>
        migrateWithoutTimeout({
          ...settings,
          databaseUrl: options.databaseListenUrl ?? settings.databaseUrl,
        }),
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

/**
 * Migrations run on a connection of their own, without the pool's statement_timeout, and under a
 * session advisory lock: instances started together (a scale-up, a rolling upgrade) queue on the lock,
 * and each one after the first finds every migration applied. Without it two migrators create the same
 * tables at once and one of them fails on a duplicate pg_type row. (Rails, Flyway and Liquibase do the
 * same with pg_advisory_lock.) The lock is a session's: it goes with the connection if the process dies.
 */
async function migrateWithoutTimeout(settings: PostgresSettings) {
  const client = new pg.Client({
    connectionString: settings.databaseUrl,
    connectionTimeoutMillis: settings.connectTimeoutMs,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    // A timeout set on the role (as the README advises behind PgBouncer) would otherwise cancel the
    // wait for another instance's migration, or a long migration itself. This is a direct connection of
    // its own, ended below, so the session setting reaches no pooled connection.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations.toString()]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => undefined);
  }
}
