import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export type DatabaseOptions = {
  databaseUrl: string | null;
  dataDir: string;
  /** An already opened embedded instance (tests load one from a dump). */
  pglite?: PGlite;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    // Both drivers share one schema and one query surface; the cast names that fact once.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    const dir = path.join(options.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema });
  return {
    db,
    driver: 'pglite',
    pglite,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => pglite.close(),
  };
}
