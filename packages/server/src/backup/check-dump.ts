import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { countRows, type DatabaseCounts } from './count-rows.ts';

/** Every column that names stored bytes (the same as the start-up sweep's). */
const KEY_COLUMNS = `
  select storage_key as key from files
  union all select preview_key from files where preview_key is not null
  union all select signature_key from document_recipients where signature_key is not null
  union all select initials_key from document_recipients where initials_key is not null`;

/**
 * Opens an embedded dump (in a scratch folder beside it, on disk: a large database would not fit in
 * memory twice) as a restore would, and counts its rows. Proves the backup loads, and that every file
 * one of its rows names was copied: `missing` lists the keys that were not.
 */
export async function checkDump(
  dumpFile: string,
  filesDir: string | null,
): Promise<DatabaseCounts & { missing: string[] }> {
  const scratch = fs.mkdtempSync(path.join(path.dirname(dumpFile), '.check-'));
  try {
    const pglite = await PGlite.create({ dataDir: scratch, loadDataDir: await fs.openAsBlob(dumpFile) });
    try {
      const counts = await countRows((text) => pglite.query(text));
      const missing: string[] = [];
      if (filesDir) {
        const { rows } = await pglite.query<{ key: string }>(KEY_COLUMNS);
        for (const { key } of rows) if (!fs.existsSync(path.join(filesDir, key))) missing.push(key);
      }
      return { ...counts, missing };
    } finally {
      await pglite.close();
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
