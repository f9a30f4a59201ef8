import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { copyStoredFiles } from './copy-files.ts';
import { countRows, type DatabaseCounts } from './count-rows.ts';
import { runTool } from './postgres-tools.ts';

export const PGLITE_DUMP = 'database.tar';
export const POSTGRES_DUMP = 'database.pgdump';
export const MANIFEST = 'manifest.json';

export type BackupSource = { dataDir: string; databaseUrl: string | null; s3Bucket: string | null };

export type BackupManifest = {
  format: 1;
  created_at: string;
  driver: 'pglite' | 'postgres';
  database: { file: string; bytes: number };
  /** The store's files copied beside the dump, or the bucket they stay in (see the README on versioning). */
  files: { count: number; bytes: number } | { bucket: string };
} & Partial<DatabaseCounts>;

/** A backup goes into a new or empty folder, never over another one. */
export function prepareEmptyFolder(dir: string, what: string) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Error(`${dir} is not empty: ${what} needs a new or empty folder.`);
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * The database first, then the files: bytes are stored before the row naming them and never rewritten,
 * so every file a row of the dump names is on disk when the copy starts (extra newer files are harmless).
 *
 * Embedded: PGlite's dumpDataDir holds its query lock and tars the data folder in one synchronous pass,
 * so no statement runs during it. A transaction open at that moment (between two of its statements) is
 * not committed in the dump, and PostgreSQL's recovery on load rolls it back, as after a crash: what
 * was acknowledged (committed) before the backup started is in it.
 * PostgreSQL: pg_dump, in a snapshot exported by our own transaction, so the counts are of the same state.
 */
export async function writeBackup(
  database: Database,
  source: BackupSource,
  dir: string,
): Promise<BackupManifest> {
  prepareEmptyFolder(dir, 'a backup');
  const createdAt = new Date().toISOString();
  let counts: DatabaseCounts | undefined;
  let file: string;
  if (database.pglite) {
    file = PGLITE_DUMP;
    const dump = await database.pglite.dumpDataDir('none');
    await pipeline(
      Readable.fromWeb(dump.stream()),
      fs.createWriteStream(path.join(dir, file), { flush: true }),
    );
  } else {
    file = POSTGRES_DUMP;
    counts = await dumpPostgres(source.databaseUrl ?? '', path.join(dir, file));
  }
  const files = source.s3Bucket
    ? { bucket: source.s3Bucket }
    : await copyStoredFiles(path.join(source.dataDir, 'files'), path.join(dir, 'files'));
  return {
    format: 1,
    created_at: createdAt,
    driver: database.driver,
    database: { file, bytes: fs.statSync(path.join(dir, file)).size },
    files,
    ...counts,
  };
}

async function dumpPostgres(url: string, file: string): Promise<DatabaseCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const counts = await countRows((text) => client.query(text));
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${rows[0].id}`,
      `--file=${file}`,
      `--dbname=${url}`,
    ]);
    await client.query('commit');
    return counts;
  } finally {
    await client.end();
  }
}

export function writeManifest(dir: string, manifest: BackupManifest) {
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { flush: true });
}

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${dir} has no ${MANIFEST}: it is not a Charter backup.`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${file}: unknown backup format ${manifest.format}.`);
  return manifest;
}
