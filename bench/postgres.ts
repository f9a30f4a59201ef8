import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type Postgres = { url: string; stop(): void };

/** The newest PostgreSQL installed the Debian way (/usr/lib/postgresql/<version>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    : [];
  versions.sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error('no PostgreSQL in /usr/lib/postgresql (apt-get install postgresql)');
  return path.join(root, newest, 'bin');
}

/** A port nothing listens on now (the kernel's choice, given back at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL server of the bench's own, as .ci/run starts one: a cluster in a temporary folder, trust
 * authentication for the user `charter`, on 127.0.0.1 at a free port, fsync off (a bench loses nothing it
 * needs in a crash). PostgreSQL refuses to run as root: as root the cluster belongs to `postgres`.
 * `stop()` stops it by its data folder (pg_ctl reads the postmaster's PID there) and removes the folder;
 * it is also called when the process is interrupted, so no server outlives the bench.
 */
export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-bench-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (tool: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch (error) {
        console.error(`Stopping the bench's PostgreSQL: ${(error as Error).message}`);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  };
  const interrupted = (signal: NodeJS.Signals) => {
    stop();
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'charter', '-E', 'UTF8']);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      // 200 benchmark connections go through Charter's pool; the in-process query count opens its own.
      '-c max_connections=200',
    ].join(' ');
    started = true;
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', settings, 'start']);
    return { url: `postgres://charter@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    const log = path.join(dir, 'log');
    if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8'));
    stop();
    throw error;
  }
}
