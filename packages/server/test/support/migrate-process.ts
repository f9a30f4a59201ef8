/**
 * One server's start-up as far as migrations go, in a process of its own (migration-lock.test.ts):
 * opens DATABASE_URL, says "ready", waits for "go" on stdin so several processes migrate at the same
 * instant, migrates, and exits 0 (or 1 with the error).
 */
import readline from 'node:readline';
import { openDatabase } from '../../src/db/client.ts';

const quiet = { info: () => undefined, warn: () => undefined };
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL ?? null,
  dataDir: '',
  log: quiet,
});
console.log('ready');
await new Promise<void>((resolve) =>
  readline.createInterface({ input: process.stdin }).once('line', () => resolve()),
);
try {
  await database.migrate();
  await database.close();
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
