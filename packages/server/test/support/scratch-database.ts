import { type Database, openDatabase } from '../../src/db/client.ts';
import { migratedPglite } from '../harness.ts';
import { copyTemplate, onServer, scratchName } from './file-database.ts';

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * A migrated database that nothing else uses, not even another app of the same test file: a fresh PGlite,
 * or on PostgreSQL (DATABASE_URL) a copy of the migrated template, dropped afterwards. For tests of
 * workers that take up every row of a table (the job queue).
 */
export async function openScratchDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ databaseUrl: null, dataDir: '', pglite: await migratedPglite() });
  const name = scratchName('charter_scratch');
  const database = await openDatabase({
    databaseUrl: await copyTemplate(url, name),
    dataDir: '',
    log: quiet,
  });
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(url, `drop database ${name} with (force)`);
    },
  };
}
