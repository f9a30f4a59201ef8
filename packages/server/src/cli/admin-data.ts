/**
 * `npm run admin -- backup DIR`, `restore DIR` and `migrate-to-postgres DATABASE_URL` (README, Operating).
 * The embedded database opens in one process only: while a server holds DATA_DIR, that server writes the
 * backup (asked over DATA_DIR/admin.sock); otherwise this command opens the database itself, holding
 * DATA_DIR's lock so that no server starts meanwhile.
 */
import path from 'node:path';
import { askServerForBackup } from '../backup/admin-socket.ts';
import { checkDump } from '../backup/check-dump.ts';
import { migrateToPostgres } from '../backup/migrate-to-postgres.ts';
import { restoreBackup } from '../backup/restore-backup.ts';
import { type BackupManifest, writeBackup, writeManifest } from '../backup/write-backup.ts';
import type { Config } from '../config.ts';
import { holderOf, lockDataDir } from '../data-dir-lock.ts';
import { openDatabase } from '../db/client.ts';

export const DATA_COMMANDS = ['backup', 'restore', 'migrate-to-postgres'];

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const withoutPassword = (url: string) => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
};

/** Runs one of DATA_COMMANDS; throws with the message to show. */
export async function runDataCommand(config: Config, command: string, argument: string) {
  const folder = () => path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
  if (command === 'backup') return backup(config, folder());
  if (command === 'restore') return restore(config, folder());
  return moveToPostgres(config, argument);
}

/** Opens the embedded database of a stopped server, DATA_DIR locked meanwhile. */
async function withEmbedded<T>(
  config: Config,
  work: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) {
  const unlock = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ ...config, databaseUrl: null });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

async function backup(config: Config, dir: string) {
  const source = {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    s3Bucket: config.s3?.bucket ?? null,
  };
  let manifest: BackupManifest;
  if (config.databaseUrl) {
    const database = await openDatabase(config);
    try {
      manifest = await writeBackup(database, source, dir);
    } finally {
      await database.close();
    }
  } else if (holderOf(config.dataDir)) {
    manifest = await askServerForBackup(config.dataDir, dir);
  } else {
    manifest = await withEmbedded(config, (database) => writeBackup(database, source, dir));
  }
  if (manifest.driver === 'pglite') {
    const filesDir = 'count' in manifest.files ? path.join(dir, 'files') : null;
    const { missing, ...counts } = await checkDump(path.join(dir, manifest.database.file), filesDir);
    if (missing.length > 0) {
      throw new Error(
        `The backup in ${dir} lacks ${missing.length} stored files its rows name: ${missing.slice(0, 5).join(', ')}`,
      );
    }
    manifest = { ...manifest, ...counts };
  }
  writeManifest(dir, manifest);
  const rows = Object.values(manifest.rows ?? {}).reduce((sum, n) => sum + n, 0);
  const files =
    'count' in manifest.files
      ? `${manifest.files.count} files (${megabytes(manifest.files.bytes)})`
      : `files: in the bucket ${manifest.files.bucket} (keep its versioning on)`;
  console.log(
    `Backup written to ${dir}: database ${megabytes(manifest.database.bytes)} (${rows} rows, ` +
      `migration ${manifest.migrations}), ${files}.`,
  );
}

async function restore(config: Config, dir: string) {
  if (!config.databaseUrl && holderOf(config.dataDir)) {
    throw new Error(`A server holds ${config.dataDir}: a backup is restored into an empty DATA_DIR.`);
  }
  const target = {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    s3Bucket: config.s3?.bucket ?? null,
  };
  const manifest = await restoreBackup(dir, target);
  const into = config.databaseUrl ? withoutPassword(config.databaseUrl) : config.dataDir;
  console.log(
    `Restored the backup of ${manifest.created_at} into ${into}. Start the server with the same settings.`,
  );
}

async function moveToPostgres(config: Config, url: string) {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error('usage: npm run admin -- migrate-to-postgres DATABASE_URL');
  if (config.databaseUrl)
    throw new Error('DATABASE_URL is set: the installation already runs on PostgreSQL.');
  if (holderOf(config.dataDir)) throw new Error(`A server holds ${config.dataDir}: stop it first.`);
  const rows = await withEmbedded(config, async (database) => {
    await database.migrate();
    return migrateToPostgres(database.pglite!, url);
  });
  const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
  console.log(
    [
      `Moved ${total} rows of ${Object.keys(rows).length} tables to ${withoutPassword(url)}.`,
      `Start the server with DATABASE_URL=${withoutPassword(url)} and the same DATA_DIR${config.s3 ? ' and S3_BUCKET' : ''}`,
      `(stored files stay where they are). ${path.join(config.dataDir, 'db')} is left as it was; remove it once satisfied.`,
    ].join('\n'),
  );
}
