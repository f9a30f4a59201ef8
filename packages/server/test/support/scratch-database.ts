import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { migratedPglite } from '../harness.ts';

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * A migrated database that no other test file uses: a fresh PGlite, or on PostgreSQL (DATABASE_URL) a
 * database created on that server and dropped afterwards. For tests of workers that take up every row
 * of a table (the job queue), which must not touch other files' rows.
 */
export async function openScratchDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ databaseUrl: null, dataDir: '', pglite: await migratedPglite() });
  const name = `charter_scratch_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: scratch.toString(), dataDir: '', log: quiet });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await admin(`drop database ${name} with (force)`);
    },
  };
}
