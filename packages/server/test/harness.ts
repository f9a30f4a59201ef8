import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { simpleParser } from 'mailparser';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedBrands } from '../src/seed.ts';
import { acquireFileDatabase, releaseFileDatabase } from './support/file-database.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The embedded database, migrated, loaded from the dump made once per run (global-setup.ts). */
export const migratedPglite = () =>
  PGlite.create({ loadDataDir: new Blob([fs.readFileSync(inject('pgliteDump'))]) });

/**
 * A whole server on a real database, with the job worker driven by the test (drainMail). The database
 * is the test file's own copy on DATABASE_URL's server, or `overrides.databaseUrl` (tests of a server of
 * their own), else PGlite.
 */
export async function createTestApp(overrides: Partial<Config> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-app-'));
  const server = overrides.databaseUrl ? null : process.env.DATABASE_URL || null;
  const url = overrides.databaseUrl ?? (server ? await acquireFileDatabase(server) : null);
  const pglite = url ? undefined : await migratedPglite();
  const database = await openDatabase({
    databaseUrl: url,
    // Behind a transaction pooler, migrations need the direct connection as production gets it from
    // config (their session advisory lock would otherwise stay on a pooled server connection).
    databaseListenUrl: overrides.databaseListenUrl,
    dataDir,
    pglite,
    databaseConnectTimeoutMs: overrides.databaseConnectTimeoutMs,
    databaseQueryTimeoutMs: overrides.databaseQueryTimeoutMs,
    log: { info: () => undefined, warn: () => undefined },
  });
  const config = loadConfig(
    { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', DATABASE_URL: url ?? undefined },
    {
      logLevel: 'silent',
      checkResponses: true,
      authRateLimit: 10_000,
      runWorker: false,
      webDist: null,
      oidcAllowLoopback: true,
      ...overrides,
    },
  );
  const app = await buildApp(config, { database });
  await seedBrands(app.ctx);
  const outbox = path.join(dataDir, 'outbox');

  /** Delivers queued mail, then returns the messages sent to `to`, oldest first. */
  async function mailTo(to: string) {
    await app.ctx.jobs.drain();
    if (!fs.existsSync(outbox)) return [];
    const files = fs
      .readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    const messages = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(outbox, f)))));
    return messages
      .filter(
        (m) =>
          m.to &&
          !Array.isArray(m.to) &&
          m.to.value.some((a) => a.address?.toLowerCase() === to.toLowerCase()),
      )
      .map((m) => ({
        subject: m.subject ?? '',
        text: m.text ?? '',
        html: typeof m.html === 'string' ? m.html : '',
        attachments: m.attachments.map((a) => ({ filename: a.filename ?? '', content: a.content })),
      }));
  }

  return {
    app,
    ctx: app.ctx,
    config,
    mailTo,
    async close() {
      await app.close();
      await database.close();
      if (server) await releaseFileDatabase(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
