import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './private-postgres.ts';

/** Debian's pgbouncer (CI installs the pgbouncer package), or null. */
export function findPgBouncer(): string | null {
  return ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => fs.existsSync(file)) ?? null;
}

export type PrivatePgBouncer = {
  port: number;
  url: string;
  /** Sends new server connections to another PostgreSQL (the ini's [databases] line, then RELOAD). */
  repoint(postgresPort: number): void;
  stop(): Promise<void>;
};

/**
 * PgBouncer of the test's own in transaction pooling, in front of a private PostgreSQL (user charter,
 * database postgres), with few server connections so that clients really share them. As in the README,
 * the statement_timeout Charter sends at connection start is ignored (it is set on the role instead).
 * PgBouncer refuses to run as root, so as root (CI) it runs as the postgres user.
 */
export async function startPgBouncer(binary: string, postgresPort: number): Promise<PrivatePgBouncer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-pgbouncer-'));
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(path.join(dir, 'users.txt'), '"charter" ""\n');
  const write = (target: number) =>
    fs.writeFileSync(
      ini,
      [
        '[databases]',
        `postgres = host=127.0.0.1 port=${target} dbname=postgres`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(dir, 'users.txt')}`,
        'pool_mode = transaction',
        'default_pool_size = 3',
        'max_client_conn = 200',
        'ignore_startup_parameters = statement_timeout',
        // After a failed server login PgBouncer waits this long before it tries again (15 s by default),
        // a wait that would outlast a failover; clients meanwhile get an error at once.
        'server_login_retry = 0.5',
        `logfile = ${path.join(dir, 'log')}`,
        '',
      ].join('\n'),
    );
  write(postgresPort);
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      }
    : {};
  if (asRoot) fs.chownSync(dir, ids.uid as number, ids.gid as number);
  const child: ChildProcess = spawn(binary, [ini], { stdio: 'ignore', ...ids });
  const log = () =>
    fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : '';
  const deadline = Date.now() + 10_000;
  while (!log().includes('process up')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`pgbouncer did not start: ${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: `postgres://charter@127.0.0.1:${port}/postgres`,
    repoint(target) {
      write(target);
      child.kill('SIGHUP');
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        // Bounded, so a hung stop cannot leave it running after the test.
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
