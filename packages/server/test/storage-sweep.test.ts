import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/adapters/storage/s3-storage.ts';
import type { Storage } from '../src/adapters/storage/storage.ts';
import { buildApp } from '../src/app.ts';
import { files } from '../src/db/schema/index.ts';
import { removeFilesOnRollback } from '../src/remove-on-rollback.ts';
import { sweepLeftovers } from '../src/storage-sweep.ts';
import { createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { startLocalBucket } from './support/local-bucket.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const filesDir = () => path.join(t.config.dataDir, 'files');
const spoolDir = () => path.join(t.config.dataDir, 'tmp');
const exists = (key: string) => fs.existsSync(path.join(filesDir(), key));

/** Bytes in storage with a row naming them, as the cabinet stores them. */
async function storedWithRow(preview = false, storage: Storage = t.ctx.storage) {
  const { user, account } = await createUser(t);
  const stored = await storage.put(new TextEncoder().encode('kept'));
  const previewKey = preview ? (await storage.put(new TextEncoder().encode('%PDF-'))).key : null;
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
    const local = await startLocalBucket('charter-rollback');
    try {
      const bucket = removeFilesOnRollback(t.ctx.db, local.storage(), t.ctx.log);
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
      await local.close();
    }
  });
});

describe('an S3 bucket', () => {
  it('loses the old objects under its prefix that no row names, and nothing else', async () => {
    const local = await startLocalBucket('charter-sweep', 'charter/');
    try {
      const bucket = local.storage();
      const neighbour = createS3Storage({ ...local.config, prefix: 'other/', forcePathStyle: true });
      const client = new S3Client({
        endpoint: local.config.endpoint,
        region: local.config.region,
        forcePathStyle: true,
        credentials: { accessKeyId: local.config.accessKeyId, secretAccessKey: local.config.secretAccessKey },
      });
      const bytes = (text: string) => new TextEncoder().encode(text);
      const [kept] = await storedWithRow(false, bucket);
      const orphan = (await bucket.put(bytes('a crash came before its row'))).key;
      const theirs = (await neighbour.put(bytes('another installation, sharing the bucket'))).key;
      // In our prefix but not a key Charter makes: someone else's, left alone.
      await client.send(
        new PutObjectCommand({ Bucket: 'charter-sweep', Key: 'charter/README.txt', Body: 'notes' }),
      );
      // S3 times objects to the second.
      await sleep(1100);
      const before = new Date();
      await sleep(1100);
      const young = (await bucket.put(bytes('in flight'))).key;

      const report = await sweepLeftovers({ ...t.ctx, storage: bucket }, before);
      expect(report.orphans).toEqual([orphan]);
      await expect(bucket.get(orphan)).rejects.toThrow();
      expect((await bucket.get(kept!)).toString()).toBe('kept');
      expect((await bucket.get(young)).toString()).toBe('in flight');
      expect((await neighbour.get(theirs)).toString()).toBe('another installation, sharing the bucket');
      const notes = await client.send(
        new GetObjectCommand({ Bucket: 'charter-sweep', Key: 'charter/README.txt' }),
      );
      expect(await notes.Body?.transformToString()).toBe('notes');
      client.destroy();
    } finally {
      await local.close();
    }
  });
});
