import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/adapters/storage/s3-storage.ts';
import { buildApp } from '../src/app.ts';
import { files } from '../src/db/schema/index.ts';
import { removeFilesOnRollback } from '../src/remove-on-rollback.ts';
import { sweepLeftovers } from '../src/storage-sweep.ts';
import { createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const filesDir = () => path.join(t.config.dataDir, 'files');
const spoolDir = () => path.join(t.config.dataDir, 'tmp');
const exists = (key: string) => fs.existsSync(path.join(filesDir(), key));

/** Bytes in storage with a row naming them, as the cabinet stores them. */
async function storedWithRow(preview = false) {
  const { user, account } = await createUser(t);
  const stored = await t.ctx.storage.put(new TextEncoder().encode('kept'));
  const previewKey = preview ? (await t.ctx.storage.put(new TextEncoder().encode('%PDF-'))).key : null;
  await t.ctx.db.insert(files).values({
    accountId: account!.id,
    filename: 'kept.docx',
    contentType: 'application/octet-stream',
    size: stored.size,
    sha256: stored.sha256,
    storageKey: stored.key,
    previewKey,
    createdBy: user.id,
  });
  return [stored.key, previewKey ?? ''];
}

function leftover(dir: string, name: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), 'left over');
  return name;
}

describe('the start-up sweep', () => {
  it('removes stored bytes no row names, half-written files and spooled uploads, once old enough', async () => {
    const [kept, keptPreview] = await storedWithRow(true);
    const orphan = (await t.ctx.storage.put(new TextEncoder().encode('orphan'))).key;
    const part = `${orphan.slice(0, 2)}/${crypto.randomUUID()}.part`;
    leftover(filesDir(), part);
    const spooled = leftover(spoolDir(), `${crypto.randomUUID()}.upload`);
    // Filesystem clocks are coarse: what comes after this line is clearly newer.
    await sleep(50);
    const before = new Date();
    await sleep(50);
    const young = (await t.ctx.storage.put(new TextEncoder().encode('in flight'))).key;
    const youngSpool = leftover(spoolDir(), `${crypto.randomUUID()}.upload`);

    const report = await sweepLeftovers(t.ctx, before);
    expect(report).toEqual({ orphans: [orphan], partials: [part], spooled: [spooled] });
    expect([kept, keptPreview, young].map(exists)).toEqual([true, true, true]);
    expect([orphan, part].map(exists)).toEqual([false, false]);
    expect(fs.readdirSync(spoolDir())).toEqual([youngSpool]);
  });

  it('runs when the server starts, leaving what is recent', async () => {
    const spooled = leftover(spoolDir(), `${crypto.randomUUID()}.upload`);
    const old = new Date(Date.now() - 60 * 60_000);
    fs.utimesSync(path.join(spoolDir(), spooled), old, old);
    const recent = leftover(spoolDir(), `${crypto.randomUUID()}.upload`);
    const again = await buildApp(t.config, { database: t.ctx.database });
    await again.close();
    const left = fs.readdirSync(spoolDir());
    expect(left).toContain(recent);
    expect(left).not.toContain(spooled);
  });
});

describe('while the server runs', () => {
  it('sweeps again on its timer: an old spooled upload and unnamed stored bytes go without a restart', async () => {
    const running = await buildApp(t.config, {
      database: t.ctx.database,
      storageSweep: { intervalMs: 100, graceMs: 1000 },
    });
    try {
      // Left after the start-up sweep has had its turn: only a later, periodic one can remove them.
      await sleep(300);
      const spooled = leftover(spoolDir(), `${crypto.randomUUID()}.upload`);
      const old = new Date(Date.now() - 60 * 60_000);
      fs.utimesSync(path.join(spoolDir(), spooled), old, old);
      const orphan = (await t.ctx.storage.put(new TextEncoder().encode('no row will name me'))).key;
      const [kept] = await storedWithRow();
      await expect.poll(() => fs.readdirSync(spoolDir()).includes(spooled), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => exists(orphan), { timeout: 10_000 }).toBe(false);
      expect(exists(kept)).toBe(true);
    } finally {
      await running.close();
    }
  });
});

describe('a transaction that rolls back', () => {
  it('takes the bytes it stored with it, and a committed one keeps them', async () => {
    const bytes = new TextEncoder().encode('signature');
    let written = '';
    await expect(
      t.ctx.db.transaction(async () => {
        written = (await t.ctx.storage.put(bytes)).key;
        throw new Error('refused after storing');
      }),
    ).rejects.toThrow('refused after storing');
    expect(written).not.toBe('');
    expect(exists(written)).toBe(false);

    const { user, account } = await createUser(t);
    const kept = await t.ctx.db.transaction(async (tx) => {
      const stored = await t.ctx.storage.put(bytes);
      await tx.insert(files).values({
        accountId: account!.id,
        filename: 'signature.png',
        contentType: 'image/png',
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
        createdBy: user.id,
      });
      return stored.key;
    });
    expect(exists(kept)).toBe(true);
  });

  it('removes them from an S3 bucket too', async () => {
    const tempDir = fs.mkdtempSync(path.join(t.config.dataDir, 's3rver-'));
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: tempDir,
      configureBuckets: [{ name: 'charter-sweep', configs: [] }],
    });
    const { port } = await s3rver.run();
    try {
      const bucket = removeFilesOnRollback(
        t.ctx.db,
        createS3Storage({
          endpoint: `http://127.0.0.1:${port}`,
          region: 'us-east-1',
          bucket: 'charter-sweep',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        }),
        t.ctx.log,
      );
      let written = '';
      await expect(
        t.ctx.db.transaction(async () => {
          written = (await bucket.put(new TextEncoder().encode('sealed pdf'))).key;
          throw new Error('seal failed');
        }),
      ).rejects.toThrow('seal failed');
      await expect(bucket.get(written)).rejects.toThrow();
      const committed = await t.ctx.db.transaction(async () => bucket.put(new TextEncoder().encode('kept')));
      expect((await bucket.get(committed.key)).toString()).toBe('kept');
    } finally {
      await s3rver.close();
    }
  });
});
