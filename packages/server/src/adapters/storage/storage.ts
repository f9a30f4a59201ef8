import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where file bytes live. The database row naming a file is written only after `put` returns. */
export type Storage = {
  put(bytes: Uint8Array): Promise<{ key: string; size: number; sha256: string }>;
  /**
   * A file already on disk (a spooled upload, its size and hash known), moved or copied into the store
   * without reading it into memory; the file may be gone afterwards.
   */
  putFile(
    file: string,
    known: { size: number; sha256: string },
  ): Promise<{ key: string; size: number; sha256: string }>;
  get(key: string): Promise<Buffer>;
  /** The bytes as a stream, for downloads and zips that should not hold whole files in memory. */
  getStream(key: string): Promise<NodeJS.ReadableStream>;
  remove(key: string): Promise<void>;
  /**
   * Removes what a crash left behind, written before `before`: half-written files, and stored bytes
   * whose keys `referenced` does not return (no row names them). The store is this installation's
   * own: DATA_DIR/files, or the bucket under its S3_PREFIX.
   */
  sweep?(
    referenced: (keys: string[]) => Promise<Set<string>>,
    before: Date,
  ): Promise<{ orphans: string[]; partials: string[] }>;
};

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/** A fresh random key (`ab/<uuid>`); keys are never derived from user input. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Refuses anything that is not a key we made, so a stored key can never reach outside the store. */
export function assertStorageKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Bad storage key ${key}`);
  return key;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Local disk under DATA_DIR/files (the default). */
export function createDiskStorage(root: string): Storage {
  const pathOf = (key: string) => path.join(root, assertStorageKey(key));
  return {
    async put(bytes) {
      const key = newStorageKey();
      const file = pathOf(key);
      await makeShardFolder(root, path.dirname(file));
      // Written under a temporary name and renamed, so a crash never leaves half a file under the key.
      const temporary = `${file}.part`;
      await writeDurably(temporary, bytes);
      await renameDurably(temporary, file);
      return { key, size: bytes.byteLength, sha256: sha256Hex(bytes) };
    },
    async putFile(source, known) {
      const key = newStorageKey();
      const file = pathOf(key);
      await makeShardFolder(root, path.dirname(file));
      const temporary = `${file}.part`;
      // A rename when the spool folder is on the same disk (DATA_DIR/tmp), else a copy.
      await fs.rename(source, temporary).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        await fs.copyFile(source, temporary);
      });
      // The spool was written without fsync (most uploads are refused before they are stored).
      await fsync(temporary, 'r+');
      await renameDurably(temporary, file);
      return { key, ...known };
    },
    // async, so a bad key rejects like every other failure instead of throwing synchronously.
    get: async (key) => fs.readFile(pathOf(key)),
    async getStream(key) {
      // Opened first so a missing file rejects here rather than as a later 'error' event on the stream.
      const handle = await fs.open(pathOf(key));
      return handle.createReadStream();
    },
    remove: async (key) => fs.rm(pathOf(key), { force: true }),
    sweep: (referenced, before) => sweepDisk(root, referenced, before),
  };
}

/**
 * A row names a key only after `put` returns, so `put` returns only once the bytes would survive a
 * power cut: the file's data is flushed before the rename (else the rename may reach the disk first and
 * leave an empty file under the key), and the folder after it (else the new name itself may be lost).
 * This is what PostgreSQL and SQLite do for their own files.
 */
async function fsync(file: string, flags: 'r' | 'r+') {
  const handle = await fs.open(file, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeDurably(file: string, bytes: Uint8Array) {
  const handle = await fs.open(file, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function renameDurably(temporary: string, file: string) {
  await fs.rename(temporary, file);
  await fsync(path.dirname(file), 'r');
}

/** The `ab` folder of a key; when it is new, its entry in the store's root is made durable too. */
async function makeShardFolder(root: string, folder: string) {
  const created = await fs.mkdir(folder, { recursive: true });
  if (!created) return;
  await fsync(root, 'r');
  if (created !== folder) await fsync(path.dirname(created), 'r');
}

const SWEEP_BATCH = 1000;

/**
 * Of `keys` (old enough to be left by a crash, not in flight), removes those no row names, one at a
 * time, and returns them. The sweep of every store ends here.
 */
export async function removeUnnamed(
  keys: string[],
  referenced: (keys: string[]) => Promise<Set<string>>,
  remove: (key: string) => Promise<unknown>,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const named = await referenced(keys);
  const unnamed = keys.filter((key) => !named.has(key));
  for (const key of unnamed) await remove(key);
  return unnamed;
}

/** When bytes last changed place: a rename (spool -> store) keeps the mtime but not the ctime. */
const writtenAt = (stat: { mtimeMs: number; ctimeMs: number }) => Math.max(stat.mtimeMs, stat.ctimeMs);

async function sweepDisk(
  root: string,
  referenced: (keys: string[]) => Promise<Set<string>>,
  before: Date,
): Promise<{ orphans: string[]; partials: string[] }> {
  const orphans: string[] = [];
  const partials: string[] = [];
  const folders = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory() || !/^[0-9a-f]{2}$/.test(folder.name)) continue;
    const old: string[] = [];
    for (const name of await fs.readdir(path.join(root, folder.name))) {
      const key = `${folder.name}/${name}`;
      const stat = await fs.stat(path.join(root, key)).catch(() => null);
      if (!stat?.isFile() || writtenAt(stat) >= before.getTime()) continue;
      if (name.endsWith('.part')) {
        await fs.rm(path.join(root, key), { force: true });
        partials.push(key);
      } else if (isStorageKey(key)) old.push(key);
    }
    for (let i = 0; i < old.length; i += SWEEP_BATCH) {
      const batch = old.slice(i, i + SWEEP_BATCH);
      orphans.push(
        ...(await removeUnnamed(batch, referenced, (key) => fs.rm(path.join(root, key), { force: true }))),
      );
    }
  }
  return { orphans, partials };
}
