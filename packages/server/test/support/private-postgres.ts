import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's PostgreSQL binaries (CI installs the postgresql package), newest version first. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.find((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')));
  return found ? path.join(root, found, 'bin') : null;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type PrivatePostgres = {
  port: number;
  url: string;
  /** A fast shutdown: connected sessions get 57P01 and new connections are refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

/**
 * A PostgreSQL server of the test's own, which the test may stop and start. initdb refuses to run as
 * root, so as root (CI) it runs as the postgres user.
 */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
    fs.chownSync(dir, uid, gid);
  }
  const pg = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { cwd: dir })
      : run(path.join(bin, command), args, { cwd: dir });
  const data = path.join(dir, 'data');
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'charter', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    port,
    url: `postgres://charter@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
