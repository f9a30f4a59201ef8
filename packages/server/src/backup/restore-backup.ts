import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { copyStoredFiles } from './copy-files.ts';
import { tableNames } from './count-rows.ts';
import { runTool } from './postgres-tools.ts';
import { type BackupManifest, prepareEmptyFolder, readManifest } from './write-backup.ts';

export type RestoreTarget = { dataDir: string; databaseUrl: string | null; s3Bucket: string | null };

/**
 * Restores a backup into an empty installation: an embedded backup into an empty DATA_DIR, a PostgreSQL
 * one into an empty database (DATABASE_URL), then the files into DATA_DIR/files (a bucket is restored
 * with its own versioning). Refuses anything that is not empty, so nothing is ever overwritten.
 */
export async function restoreBackup(dir: string, target: RestoreTarget): Promise<BackupManifest> {
  const manifest = readManifest(dir);
  const dump = path.join(dir, manifest.database.file);
  const filesOnDisk = 'count' in manifest.files;
  if (filesOnDisk && target.s3Bucket) {
    throw new Error(
      'This backup holds its files on disk: restore it without S3_BUCKET (then copy them to the bucket).',
    );
  }
  if (manifest.driver === 'pglite') {
    if (target.databaseUrl) {
      throw new Error(
        'This backup is of an embedded database: restore it without DATABASE_URL, then move it with ' +
          'npm run admin -- migrate-to-postgres DATABASE_URL.',
      );
    }
    prepareEmptyFolder(target.dataDir, 'a restore');
    const pglite = await PGlite.create({
      dataDir: path.join(target.dataDir, 'db'),
      loadDataDir: await fs.openAsBlob(dump),
    });
    // The first statement runs the recovery a dump taken mid-transaction needs; closing checkpoints it.
    await pglite.query('select 1');
    await pglite.close();
  } else {
    if (!target.databaseUrl) throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL.');
    await assertEmptyPostgres(target.databaseUrl);
    if (filesOnDisk) prepareEmptyFolder(path.join(target.dataDir, 'files'), 'a restore of files');
    await runTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      dump,
    ]);
  }
  if (filesOnDisk) await copyStoredFiles(path.join(dir, 'files'), path.join(target.dataDir, 'files'));
  return manifest;
}

/** A database with no tables of ours and no migrations: nothing a restore or a move could overwrite. */
export async function assertEmptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await tableNames((text) => client.query(text));
    const { rows } = await client.query(`select 1 from pg_namespace where nspname = 'drizzle'`);
    if (tables.length > 0 || rows.length > 0) {
      const name = new URL(url).pathname.slice(1);
      throw new Error(`The database ${name} is not empty: use a new, empty database (createdb).`);
    }
  } finally {
    await client.end();
  }
}
