import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.ts';

// Instances started together on one empty PostgreSQL database (a scale-up, a rolling upgrade) each
// migrate at start. Three processes open the database, then migrate at the same instant.
const bin = findPostgresBin();
if (!bin) console.warn('migration-lock.test.ts skipped: no PostgreSQL binaries in /usr/lib/postgresql');

const script = path.resolve(import.meta.dirname, 'support/migrate-process.ts');
const journal = path.resolve(import.meta.dirname, '../src/db/migrations/meta/_journal.json');

type Migrator = { child: ChildProcess; output: string[]; ready: Promise<void>; exit: Promise<number | null> };

function startMigrator(databaseUrl: string): Migrator {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const ready = new Promise<void>((resolve) =>
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('ready')) resolve();
    }),
  );
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, ready, exit };
}

describe.skipIf(!bin)('instances started together on an empty PostgreSQL database', () => {
  let server: PrivatePostgres;
  let app: TestApp | undefined;
  const migrators: Migrator[] = [];

  beforeAll(async () => {
    server = await startPrivatePostgres(bin as string);
  }, 60_000);

  afterAll(async () => {
    for (const { child, exit } of migrators) {
      if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
      await exit;
    }
    await app?.close();
    await server?.destroy();
  });

  it('migrate one after the other under the advisory lock, and all of them start', async () => {
    for (let i = 0; i < 3; i++) migrators.push(startMigrator(server.url));
    await Promise.all(migrators.map((m) => m.ready));
    for (const { child } of migrators) child.stdin?.write('go\n');
    const codes = await Promise.all(migrators.map((m) => m.exit));
    expect(codes, migrators.map((m) => m.output.join('')).join('\n')).toEqual([0, 0, 0]);

    // Every migration applied once, and a fourth instance (a whole server) finds nothing to do and serves.
    const { entries } = JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] };
    app = await createTestApp({ databaseUrl: server.url });
    const { rows } = await app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]?.n).toBe(entries.length);
    expect((await app.app.inject('/api/health/ready')).statusCode).toBe(200);
  }, 60_000);
});
