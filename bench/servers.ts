import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export type Server = {
  url: string;
  stop(): Promise<void>;
  /** CPU seconds (user + system) the server process has used so far; null where /proc is missing. */
  cpuSeconds(): number | null;
  /** The server process's resident memory in MB (VmRSS); null where /proc is missing. */
  residentMegabytes(): number | null;
};

/** A process's CPU time from /proc/{pid}/stat (utime + stime, in clock ticks of 1/100 s on Linux). */
function cpuSecondsOf(child: ChildProcess): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function residentMegabytesOf(child: ChildProcess): number | null {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Number.isFinite(kilobytes) ? Math.round(kilobytes / 1024) : null;
  } catch {
    return null;
  }
}

/** How long a server may take to answer its first request: minutes on a loaded 2-core machine (tsx, migrations). */
const START_TIMEOUT_MS = 5 * 60_000;

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

function stopper(child: ChildProcess, cleanup = () => {}) {
  return () =>
    new Promise<void>((resolve) => {
      // A server that crashed has exited already: its 'exit' came and went.
      if (child.exitCode !== null || child.signalCode !== null) {
        cleanup();
        return resolve();
      }
      child.once('exit', () => {
        cleanup();
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/**
 * Charter in its own process (as in production), on a fresh embedded database unless `extraEnv` names a
 * DATABASE_URL (a DATABASE_URL of the bench's own environment is not inherited: the run says which).
 */
export async function startCharter(
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<Server & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-bench-'));
  // BENCH_CPU_PROF=dir writes the server's V8 CPU profile there when it stops (Node refuses --cpu-prof in
  // NODE_OPTIONS).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'fatal',
      AUTH_RATE_LIMIT: '100000000',
      AUTH_EMAIL_ATTEMPTS: '100000000',
      WEB_DIST: '',
      DATABASE_URL: '',
      ...extraEnv,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    await waitFor(`${url}/api/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    dataDir,
    stop,
    cpuSeconds: () => cpuSecondsOf(child),
    residentMegabytes: () => residentMegabytesOf(child),
  };
}

/** A one-file server in its own process: the ceilings Charter is compared with. */
async function startSnippet(port: number, code: string): Promise<Server> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child);
  return {
    url,
    stop: stopper(child),
    cpuSeconds: () => cpuSecondsOf(child),
    residentMegabytes: () => residentMegabytesOf(child),
  };
}

/** A bare node:http server answering 'hello world'. */
export const startHelloWorld = (port: number) =>
  startSnippet(
    port,
    `import http from 'node:http';
     http.createServer((q, s) => s.end('hello world')).listen(${port}, '127.0.0.1');`,
  );

/** Fastify answering { hello: 'world' }: what the framework alone costs, Charter's own ceiling. */
export const startFastifyHello = (port: number) =>
  startSnippet(
    port,
    `import Fastify from 'fastify';
     const app = Fastify({ logger: false });
     app.get('/', async () => ({ hello: 'world' }));
     await app.listen({ port: ${port}, host: '127.0.0.1' });`,
  );
