import fs from 'node:fs/promises';
import path from 'node:path';

/** Stored files are `ab/<uuid>`; `.part` files are writes in progress and never named by a row. */
const FOLDER = /^[0-9a-f]{2}$/;
const NAME = /^[0-9a-f-]{36}$/;

/**
 * Copies the store's files (DATA_DIR/files layout) from `from` to `to`. Stored files are never rewritten
 * in place (bytes go to a `.part` name and are renamed to a fresh random key), so a file copied is whole;
 * one removed while we copy (the start-up sweep of unnamed files) is skipped.
 */
export async function copyStoredFiles(from: string, to: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  const folders = await fs.readdir(from, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory() || !FOLDER.test(folder.name)) continue;
    await fs.mkdir(path.join(to, folder.name), { recursive: true });
    for (const name of await fs.readdir(path.join(from, folder.name))) {
      if (!NAME.test(name)) continue;
      const source = path.join(from, folder.name, name);
      const target = path.join(to, folder.name, name);
      try {
        await fs.copyFile(source, target, fs.constants.COPYFILE_EXCL);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      count++;
      bytes += (await fs.stat(target)).size;
    }
  }
  return { count, bytes };
}
