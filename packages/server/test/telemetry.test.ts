import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/private-postgres.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

type Attribute = { key: string; value: { stringValue?: string } };
type Export = {
  resourceSpans: {
    resource: { attributes: Attribute[] };
    scopeSpans: { spans: { name: string; attributes: Attribute[] }[] }[];
  }[];
};

/** Waits until `check` holds, polling; the test's own timeout bounds it. */
async function until(check: () => Promise<boolean> | boolean) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  const exports: { url: string; body: string }[] = [];
  let sink: http.Server;
  let server: ChildProcess;
  let baseUrl: string;
  let dataDir: string;
  let output = '';

  beforeAll(async () => {
    // A stand-in OTLP/HTTP collector: it keeps what it is sent.
    sink = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        exports.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-otel-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // The way `npm start` runs the server: the telemetry preload, then main.ts.
    server = spawn(process.execPath, ['--import', 'tsx', '--import', './src/telemetry.ts', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        WEB_DIST: '',
        SEED_DEMO: 'false',
        LIBREOFFICE_PATH: '',
        LOG_LEVEL: 'warn',
        OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl,
        OTEL_SERVICE_NAME: 'charter-under-test',
        // Spans are exported in batches; a short delay keeps the test short.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => (output += chunk));
    server.stderr?.on('data', (chunk) => (output += chunk));
    await until(async () => {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      return fetch(`${baseUrl}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
    });
  }, 240_000);

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => sink?.close(resolve));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("exports a request's spans, named by its route, to the collector", async () => {
    const res = await fetch(`${baseUrl}/api/health/ready`);
    expect(res.status).toBe(200);
    await until(() => exports.some((e) => e.body.includes('GET /api/health/ready')));
    // OTLP/HTTP's JSON encoding: resource spans, each resource's scope spans, each scope's spans.
    const batches = exports.filter((e) => e.url === '/v1/traces').map((e) => JSON.parse(e.body) as Export);
    const resources = batches.flatMap((b) => b.resourceSpans);
    expect(resources[0].resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'charter-under-test' },
    });
    const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    // The route's span (fastify's instrumentation) and the HTTP server span, which carries the route.
    expect(spans.map((s) => s.name)).toContain('GET /api/health/ready');
    const serverSpan = spans.find((s) =>
      s.attributes.some((a) => a.key === 'http.route' && a.value.stringValue === '/api/health/ready'),
    );
    expect(serverSpan).toBeDefined();
  }, 60_000);
});
