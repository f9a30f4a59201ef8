import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { files } from '../src/db/schema/index.ts';
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
