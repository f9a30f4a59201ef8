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
  /**
   * Like the machine dying: the postmaster is frozen (so it forks nothing more) and it and every
   * process it started get SIGKILL. No session hears anything; its connections just break.
   */
  kill(): void;
  /** A standby becomes a primary (pg_ctl promote, waiting until it accepts writes). */
  promote(): Promise<void>;
  destroy(): Promise<void>;
};

export type PrivatePostgresOptions = {
  /** More server settings, each passed as `-c name=value`. */
  settings?: Record<string, string>;
  /**
   * A streaming standby of the server on this port, made with pg_basebackup -R instead of initdb: it
   * connects to that server as `name` (its application_name, which synchronous_standby_names may list).
   */
  standbyOf?: { port: number; name: string };
};

/**
 * A PostgreSQL server of the test's own, which the test may stop and start. initdb refuses to run as
 * root, so as root (CI) it runs as the postgres user.
 */
export async function startPrivatePostgres(
  bin: string,
  options: PrivatePostgresOptions = {},
): Promise<PrivatePostgres> {
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
  if (options.standbyOf) {
    const { port, name } = options.standbyOf;
    const from = `host=127.0.0.1 port=${port} user=charter application_name=${name}`;
    await pg('pg_basebackup', [
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
      '-d',
      from,
    ]);
  } else {
    await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'charter', '-E', 'UTF8', '--no-sync']);
  }
  const port = await freePort();
  const settings = Object.entries({ listen_addresses: '127.0.0.1', fsync: 'off', ...options.settings });
  const serverOptions = [`-p ${port} -k ${dir}`, ...settings.map(([name, value]) => `-c ${name}=${value}`)];
  const start = async () => {
    await pg('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      serverOptions.join(' '),
      'start',
    ]);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  const kill = () => {
    const file = path.join(data, 'postmaster.pid');
    if (!fs.existsSync(file)) return;
    const postmaster = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    // The file outlives a killed server: its number is signalled only while it is still this postmaster.
    const command = fs.existsSync(`/proc/${postmaster}/cmdline`)
      ? fs.readFileSync(`/proc/${postmaster}/cmdline`, 'utf8')
      : '';
    if (!command.includes(data)) return;
    signal(postmaster, 'SIGSTOP');
    for (const child of childrenOf(postmaster)) signal(child, 'SIGKILL');
    signal(postmaster, 'SIGKILL');
  };
  await start();
  return {
    port,
    url: `postgres://charter@127.0.0.1:${port}/postgres`,
    start,
    stop,
    kill,
    async promote() {
      await pg('pg_ctl', ['-D', data, '-w', 'promote']);
    },
    async destroy() {
      // A server that will not stop in time is killed: no test leaves a postgres running.
      const stopped = stop().then(
        () => true,
        () => false,
      );
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000).unref());
      if (!(await Promise.race([stopped, timeout]))) kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes whose parent is `pid` (Linux's /proc). */
function childrenOf(pid: number): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name, in parentheses, may hold spaces: the parent is the second field after it.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return parent === pid ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already.
  }
}
