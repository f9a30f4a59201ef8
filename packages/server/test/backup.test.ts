import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { restoreBackup } from '../src/backup/restore-backup.ts';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * Backups of a running server, as an operator makes them: real server processes on their own DATA_DIR,
 * the admin CLI in its own process, uploads acknowledged through the API while the backup is taken.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const servers: ServerProcess[] = [];
const dirs: string[] = [];
let postgres: PrivatePostgres | null = null;

const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `charter-${name}-`));
  dirs.push(dir);
  return dir;
};

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.destroy();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR whose embedded database is already migrated (the suite's dump), so the server starts faster. */
async function migratedDataDir(): Promise<string> {
  const dataDir = path.join(tempDir('data'), 'data');
  fs.mkdirSync(dataDir);
  // The suite's PostgreSQL pass (DATABASE_URL) has no dump: the server then migrates its database itself.
  if (!inject('pgliteDump')) return dataDir;
  const pglite = await PGlite.create({
    dataDir: path.join(dataDir, 'db'),
    loadDataDir: await fs.openAsBlob(inject('pgliteDump')),
  });
  await pglite.close();
  return dataDir;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ env: { AUTH_RATE_LIMIT: '100000', ...env } });
  servers.push(server);
  return server;
}

/** `npm run admin -- ARGS` in its own process: its exit code and what it printed. */
async function admin(env: Record<string, string>, ...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const code = await exited(child);
  return { code, output };
}

const email = 'backup-owner@example.com';
const password = 'backup password 1';

let accountId = 0;

async function register(base: string): Promise<string> {
  const res = await fetch(`${base}/api/authn/session/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      first_name: 'Backup',
      family_name: 'Owner',
      create: true,
      tos: true,
      company: {
        company_name: 'Backup Holdings, Inc.',
        features: [{ feature_type_id: 881, value: 'For-profit Company' }],
      },
    }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id_token: string; account_id: number };
  accountId = body.account_id;
  return accessToken(base, body.id_token);
}

async function accessToken(base: string, idToken: string): Promise<string> {
  const res = await fetch(`${base}/api/authn/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ account_id: accountId }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A new sign-in with the password: proves the user, the session machinery and the keys came along. */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/authn/session/credentials`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  expect(res.status).toBe(200);
  return accessToken(base, ((await res.json()) as { id_token: string }).id_token);
}

/** A small PDF whose middle is random, so every upload's bytes are its own. */
const pdfBytes = () =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n%'),
    Buffer.from(randomBytes(2000).toString('hex')),
    Buffer.from('\n%%EOF\n'),
  ]);

type Upload = { id: number; bytes: Buffer };

async function upload(base: string, token: string, bytes: Buffer): Promise<Upload> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([bytes], { type: 'application/pdf' }),
    `File ${randomBytes(4).toString('hex')}.pdf`,
  );
  const res = await fetch(`${base}/api/account/storage/upload?path=${encodeURIComponent('/Backups')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  const [stored] = (await res.json()) as { id: number }[];
  return { id: stored.id, bytes };
}

async function download(base: string, token: string, id: number): Promise<Buffer> {
  const res = await fetch(`${base}/api/account/box/file/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status, `file ${id}`).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('backup, restore and the move to PostgreSQL', () => {
  let restoredDir = '';
  let acknowledged: Upload[] = [];
  let movedUrl = '';

  beforeAll(async () => {
    const bin = findPostgresBin();
    if (bin) postgres = await startPrivatePostgres(bin);
  });

  it('backs up a running server under writes; the restore has every write acknowledged before it', async () => {
    const dataDir = await migratedDataDir();
    const server = await startServer({ DATA_DIR: dataDir });
    const token = await register(server.url);
    const uploads: Upload[] = [];
    for (let i = 0; i < 3; i++) uploads.push(await upload(server.url, token, pdfBytes()));

    // Uploads keep coming, one after the other, while the backup is taken.
    let writing = true;
    const writer = (async () => {
      while (writing) uploads.push(await upload(server.url, token, pdfBytes()));
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    acknowledged = [...uploads];
    const backupDir = path.join(tempDir('backup'), 'backup');
    const backup = await admin({ DATA_DIR: dataDir }, 'backup', backupDir);
    writing = false;
    await writer;
    expect(backup.output).toContain(`Backup written to ${backupDir}`);
    expect(backup.code).toBe(0);
    // The writer went on during the backup: the backup was of a live, written-to server.
    expect(uploads.length).toBeGreaterThan(acknowledged.length);

    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, driver: 'pglite', database: { file: 'database.tar' } });
    expect(manifest.rows.files).toBeGreaterThanOrEqual(acknowledged.length);
    expect(manifest.files.count).toBeGreaterThanOrEqual(manifest.rows.files);
    await server.stop();

    // Never over an installation: the server's own DATA_DIR is refused and left as it was.
    const before = fs.readdirSync(dataDir).sort();
    await expect(restoreBackup(backupDir, { dataDir, databaseUrl: null, s3Bucket: null })).rejects.toThrow(
      `${dataDir} is not empty: a restore needs a new or empty folder.`,
    );
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);

    restoredDir = path.join(tempDir('restored'), 'data');
    const restore = await admin({ DATA_DIR: restoredDir }, 'restore', backupDir);
    expect(restore.output).toContain(`into ${restoredDir}`);
    expect(restore.code).toBe(0);
    const restored = await startServer({ DATA_DIR: restoredDir });
    const again = await signIn(restored.url);
    for (const write of acknowledged)
      expect(await download(restored.url, again, write.id)).toEqual(write.bytes);
    await restored.stop();
  }, 240_000);

  it.skipIf(!findPostgresBin())(
    'moves the restored installation to PostgreSQL: rows, files and sign-in',
    async () => {
      expect(restoredDir).not.toBe('');
      const url = postgres!.url.replace(/\/postgres$/, '/moved');
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: postgres!.url });
      await client.connect();
      await client.query('create database moved');
      await client.end();

      movedUrl = url;
      const moved = await admin({ DATA_DIR: restoredDir }, 'migrate-to-postgres', url);
      expect(moved.output).toContain(`Start the server with DATABASE_URL=${url}`);
      expect(moved.code).toBe(0);
      // Once moved, the database is not empty: a second move is refused.
      const twice = await admin({ DATA_DIR: restoredDir }, 'migrate-to-postgres', url);
      expect(twice.output).toContain('The database moved is not empty');
      expect(twice.code).toBe(1);

      const server = await startServer({ DATA_DIR: restoredDir, DATABASE_URL: url });
      try {
        const token = await signIn(server.url);
        for (const write of acknowledged)
          expect(await download(server.url, token, write.id)).toEqual(write.bytes);
        // New rows continue the sequences where the embedded database left them.
        const fresh = await upload(server.url, token, pdfBytes());
        expect(fresh.id).toBeGreaterThan(Math.max(...acknowledged.map((write) => write.id)));
        expect(await download(server.url, token, fresh.id)).toEqual(fresh.bytes);
      } finally {
        await server.stop();
      }
    },
    240_000,
  );

  it.skipIf(!findPostgresBin())(
    'backs up PostgreSQL with pg_dump and restores it into an empty database',
    async () => {
      expect(movedUrl).not.toBe('');
      const backupDir = path.join(tempDir('pg-backup'), 'backup');
      const backup = await admin({ DATA_DIR: restoredDir, DATABASE_URL: movedUrl }, 'backup', backupDir);
      expect(backup.output).toContain(`Backup written to ${backupDir}`);
      expect(backup.code).toBe(0);
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ driver: 'postgres', database: { file: 'database.pgdump' } });
      expect(manifest.rows.files).toBeGreaterThan(acknowledged.length);

      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: postgres!.url });
      await client.connect();
      await client.query('create database again');
      await client.end();
      const againUrl = movedUrl.replace(/\/moved$/, '/again');
      const dataDir = path.join(tempDir('pg-restored'), 'data');
      const restore = await admin({ DATA_DIR: dataDir, DATABASE_URL: againUrl }, 'restore', backupDir);
      expect(restore.code, restore.output).toBe(0);

      const again = new pg.default.Client({ connectionString: againUrl });
      await again.connect();
      try {
        const { rows } = await again.query<{ id: number; key: string }>(
          'select id, storage_key as key from files',
        );
        expect(rows.length).toBe(manifest.rows.files);
        for (const write of acknowledged) {
          const row = rows.find((r) => r.id === write.id);
          expect(fs.readFileSync(path.join(dataDir, 'files', row!.key))).toEqual(write.bytes);
        }
      } finally {
        await again.end();
      }
    },
    120_000,
  );
});
