import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

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
  let server: ServerProcess | undefined;
  let baseUrl: string;
  let dataDir: string;

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
    // The way `npm start` runs the server: the telemetry preload, then main.ts.
    server = await startServerProcess({
      preload: ['./src/telemetry.ts'],
      // Polling the route the test asserts on would export its spans before the test asks for them.
      readyPath: '/api/health',
      env: {
        DATA_DIR: dataDir,
        OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl,
        OTEL_SERVICE_NAME: 'charter-under-test',
        // Spans are exported in batches; a short delay keeps the test short.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    baseUrl = server.url;
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
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
