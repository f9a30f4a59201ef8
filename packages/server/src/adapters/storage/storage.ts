import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where file bytes live. The database row naming a file is written only after `put` returns. */
export type Storage = {
  put(bytes: Uint8Array): Promise<{ key: string; size: number; sha256: string }>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
};

/** Local disk under DATA_DIR/files (the default); keys are random, never derived from user input. */
export function createDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!/^[0-9a-f]{2}\/[0-9a-f-]{36}$/.test(key)) throw new Error(`Bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(bytes) {
      const id = randomUUID();
      const key = `${id.slice(0, 2)}/${id}`;
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a crash never leaves half a file under the key.
      const temporary = `${file}.part`;
      await fs.writeFile(temporary, bytes, { flush: true });
      await fs.rename(temporary, file);
      return { key, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    get: (key) => fs.readFile(pathOf(key)),
    remove: (key) => fs.rm(pathOf(key), { force: true }),
  };
}
