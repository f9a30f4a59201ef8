import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './private-postgres.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  port: number;
  url: string;
  child: ChildProcess;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
};

export type ServerProcessOptions = {
  /** Overrides the quiet defaults below (DATA_DIR, DATABASE_URL…); PUBLIC_URL defaults to the server's own. */
  env?: Record<string, string>;
  port?: number;
  /** Modules loaded before main.ts with --import, as `npm start` loads the telemetry preload. */
  preload?: string[];
  readyTimeoutMs?: number;
  /** Polled until it answers 200; a test of what /api/health/ready does polls another. */
  readyPath?: string;
};

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Charter as it runs in production: main.ts in a process of its own on 127.0.0.1, resolved once
 * its ready path (/api/health/ready) answers 200. The caller stops it (its PID only) when done.
 */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const preload = (options.preload ?? []).flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      LIBREOFFICE_PATH: '',
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const server: ServerProcess = {
    port,
    url,
    child,
    output: () => output,
    async stop() {
      if (hasExited(child)) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 150_000);
  for (;;) {
    if (hasExited(child)) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}${options.readyPath ?? '/api/health/ready'}`).catch(() => null);
    if (ready?.status === 200) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server was not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
