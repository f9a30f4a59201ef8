import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { spool, WHOLE_SAMPLE_BYTES } from '../src/adapters/storage/spool.ts';
import { createDiskStorage, type Storage } from '../src/adapters/storage/storage.ts';
import { type LocalBucket, startLocalBucket } from './support/local-bucket.ts';

let tempDir = '';
let bucket: LocalBucket | null = null;
const stores: Record<'disk' | 's3', Storage | null> = { disk: null, s3: null };

beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'charter-storage-'));
  bucket = await startLocalBucket('charter-test');
  stores.disk = createDiskStorage(path.join(tempDir, 'disk'));
  stores.s3 = bucket.storage();
});

afterAll(async () => {
  await bucket?.close();
  await fs.rm(tempDir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
  const store = () => stores[kind]!;

  it('put returns the size and sha256, and get returns the same bytes', async () => {
    const bytes = new TextEncoder().encode('Charter stores these bytes exactly.');
    const stored = await store().put(bytes);
    expect(stored.size).toBe(bytes.byteLength);
    expect(stored.sha256).toBe(sha256(bytes));
    expect(Buffer.compare(await store().get(stored.key), Buffer.from(bytes))).toBe(0);
  });

  it('getStream streams the same bytes', async () => {
    const bytes = randomBytes(64 * 1024);
    const { key } = await store().put(bytes);
    const stream = await store().getStream!(key);
    expect(Buffer.compare(await readAll(stream), bytes)).toBe(0);
  });

  it('remove makes get reject', async () => {
    const { key } = await store().put(randomBytes(16));
    await store().remove(key);
    await expect(store().get(key)).rejects.toThrow();
    await expect(store().getStream!(key)).rejects.toThrow();
    await store().remove(key); // removing twice is harmless
  });

  it('makes distinct random keys of the form ab/<uuid>', async () => {
    const keys = await Promise.all(
      [1, 2, 3].map(() =>
        store()
          .put(randomBytes(8))
          .then((s) => s.key),
      ),
    );
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
  });

  it('refuses keys it did not make', async () => {
    await expect(store().get('../../etc/passwd')).rejects.toThrow('Bad storage key');
  });

  it('round-trips a 5 MB random buffer', async () => {
    const bytes = randomBytes(5 * 1024 * 1024);
    const stored = await store().put(bytes);
    expect(stored).toMatchObject({ size: bytes.byteLength, sha256: sha256(bytes) });
    expect(Buffer.compare(await store().get(stored.key), bytes)).toBe(0);
    expect(Buffer.compare(await readAll(await store().getStream!(stored.key)), bytes)).toBe(0);
  });

  it('putFile stores a spooled upload without reading it whole, and the same bytes come back', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const spooled = await spool(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), tempDir);
    expect(spooled).toMatchObject({ size: bytes.byteLength, sha256: sha256(bytes) });
    const stored = await store().putFile(spooled.path, spooled);
    expect(stored).toMatchObject({ size: bytes.byteLength, sha256: sha256(bytes) });
    expect(Buffer.compare(await store().get(stored.key), bytes)).toBe(0);
  });
});

describe('spooling an upload', () => {
  it('keeps a small file whole as its sample, a large one by its first 64 KiB and a byte', async () => {
    const small = Buffer.from('%PDF-1.4 small');
    expect(Buffer.from((await spool(Readable.from([small]), tempDir)).sample).equals(small)).toBe(true);
    const large = randomBytes(WHOLE_SAMPLE_BYTES + 10);
    const spooled = await spool(Readable.from([large]), tempDir);
    expect(spooled.sample.byteLength).toBe(64 * 1024 + 1);
    expect(Buffer.from(spooled.sample).equals(large.subarray(0, 64 * 1024 + 1))).toBe(true);
    expect(Buffer.compare(await fs.readFile(spooled.path), large)).toBe(0);
  });

  it('leaves no file when the upload breaks off', async () => {
    const dir = path.join(tempDir, 'broken');
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(spool(broken, dir)).rejects.toThrow('connection reset');
    expect(await fs.readdir(dir)).toEqual([]);
  });
});

describe('the disk store survives a power cut', () => {
  afterEach(() => vi.restoreAllMocks());

  /** What reaches the disk, in order: each fsync by the path it was opened on, and each rename. */
  async function recordSyncs(work: () => Promise<unknown>) {
    const events: string[] = [];
    const opened = new WeakMap<fs.FileHandle, string>();
    const probe = await fs.open(tempDir, 'r');
    const handleMethods = Object.getPrototypeOf(probe) as fs.FileHandle;
    await probe.close();
    const open = fs.open;
    vi.spyOn(fs, 'open').mockImplementation(async (file, ...rest) => {
      const handle = await open(file, ...rest);
      opened.set(handle, String(file));
      return handle;
    });
    const sync = handleMethods.sync;
    vi.spyOn(handleMethods, 'sync').mockImplementation(async function (this: fs.FileHandle) {
      events.push(`fsync ${opened.get(this)}`);
      return sync.call(this);
    });
    const rename = fs.rename;
    vi.spyOn(fs, 'rename').mockImplementation(async (from, to) => {
      events.push(`rename ${from} -> ${to}`);
      return rename(from, to);
    });
    await work();
    return events;
  }

  it('put flushes the file before renaming it into place, then its folder', async () => {
    const root = path.join(tempDir, 'durable');
    const store = createDiskStorage(root);
    let key = '';
    const events = await recordSyncs(async () => {
      key = (await store.put(new TextEncoder().encode('signed'))).key;
    });
    const file = path.join(root, key);
    // The first put also makes the key's folder, whose entry lives in the root.
    expect(events).toEqual([
      `fsync ${root}`,
      `fsync ${path.dirname(root)}`,
      `fsync ${file}.part`,
      `rename ${file}.part -> ${file}`,
      `fsync ${path.dirname(file)}`,
    ]);
  });

  it('putFile flushes the spooled upload before renaming it into place, then its folder', async () => {
    const root = path.join(tempDir, 'durable-uploads');
    const store = createDiskStorage(root);
    await fs.mkdir(root, { recursive: true });
    const spooled = await spool(Readable.from([Buffer.from('%PDF-1.4 upload')]), tempDir);
    let key = '';
    const events = await recordSyncs(async () => {
      key = (await store.putFile(spooled.path, spooled)).key;
    });
    const file = path.join(root, key);
    expect(events).toEqual([
      `fsync ${root}`,
      `rename ${spooled.path} -> ${file}.part`,
      `fsync ${file}.part`,
      `rename ${file}.part -> ${file}`,
      `fsync ${path.dirname(file)}`,
    ]);
  });
});
