import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { type BackupManifest, writeBackup } from './write-backup.ts';

/**
 * How `npm run admin -- backup` reaches a running server on the embedded database (which only that
 * process can open): a unix socket in DATA_DIR, readable and writable by its owner alone. Whoever can
 * connect can already read DATA_DIR, the database included, so it asks for nothing more; it is not on
 * the network, so it needs no token or OpenAPI entry. One JSON line each way.
 */
export const socketPath = (dataDir: string) => path.join(dataDir, 'admin.sock');

/** Unix socket paths are limited to 107 bytes (sun_path). */
const MAX_SOCKET_PATH = 107;

type Request = { command: 'backup'; dir: string };
type Answer = { ok: true; manifest: BackupManifest } | { ok: false; error: string };

export async function listenForAdmin(ctx: AppContext): Promise<() => Promise<void>> {
  const file = socketPath(ctx.config.dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    ctx.log.warn(`${file} is too long for a unix socket: npm run admin -- backup needs the server stopped`);
    return async () => {};
  }
  // This process holds DATA_DIR's lock, so a socket file left there is a dead server's.
  fs.rmSync(file, { force: true });
  let running = false;
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      input += chunk;
      if (!input.includes('\n') || running) {
        if (running)
          socket.end(`${JSON.stringify({ ok: false, error: 'A backup is already being made.' })}\n`);
        return;
      }
      running = true;
      answer(ctx, input.slice(0, input.indexOf('\n')))
        .then((result) => socket.end(`${JSON.stringify(result)}\n`))
        .finally(() => {
          running = false;
        });
    });
  });
  // Created with owner-only permissions: the umask applies when listen() binds, which it does at once.
  const umask = process.umask(0o177);
  try {
    server.listen(file);
  } finally {
    process.umask(umask);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(file, { force: true });
  };
}

async function answer(ctx: AppContext, line: string): Promise<Answer> {
  try {
    const request = JSON.parse(line) as Request;
    if (request.command !== 'backup' || typeof request.dir !== 'string' || !path.isAbsolute(request.dir)) {
      return { ok: false, error: 'Unknown request.' };
    }
    ctx.log.info({ dir: request.dir }, 'backup requested');
    const manifest = await writeBackup(
      ctx.database,
      { dataDir: ctx.config.dataDir, databaseUrl: null, s3Bucket: ctx.config.s3?.bucket ?? null },
      request.dir,
    );
    ctx.log.info({ dir: request.dir, files: manifest.files }, 'backup written');
    return { ok: true, manifest };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** The client side: asks the server holding `dataDir` for a backup into `dir`. */
export async function askServerForBackup(dataDir: string, dir: string): Promise<BackupManifest> {
  const socket = net.connect(socketPath(dataDir));
  let output = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => socket.write(`${JSON.stringify({ command: 'backup', dir })}\n`));
    socket.once('end', resolve);
    socket.once('error', reject);
  });
  const result = JSON.parse(output) as Answer;
  if (!result.ok) throw new Error(result.error);
  return result.manifest;
}
