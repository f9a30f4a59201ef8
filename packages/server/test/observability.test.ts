import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createTestApp, migratedPglite, type TestApp } from './harness.ts';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.ts';

const TOKEN = 'scrape-secret-0123456789';
const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`), or undefined when the line is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    [off, on] = await Promise.all([createTestApp(), createTestApp({ metricsToken: TOKEN })]);
  });
  afterAll(async () => {
    await Promise.all([off?.close(), on?.close()]);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const res = await scrape(off, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a missing or wrong token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(on, authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('charter_');
    }
  });

  it('reports latency by route pattern, the job queue, failed jobs, mail and live sockets', async () => {
    const ctx = on.ctx;
    expect((await on.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // A path no route matches is counted under `unmatched`, never by its raw URL.
    await on.app.inject({ method: 'GET', url: '/api/no-such-thing/8675309' });
    // A mail queued (delivered to the outbox by a job), and a job no handler knows, on its last attempt.
    await ctx.mailer.send(ctx.db, {
      brand: { name: 'Charter' },
      to: 'metrics@example.com',
      subject: 'Hello',
      text: 'Hello',
    });
    await ctx.db.execute(
      sql`INSERT INTO jobs (kind, payload, max_attempts, run_at) VALUES ('no.such.kind', '{}', 1, now() - interval '90 seconds')`,
    );

    const before = await scrape(on, `Bearer ${TOKEN}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toContain('text/plain');
    expect(sample(before.body, 'charter_jobs{status="queued"}')).toBe(2);
    // The oldest ready job has waited at least the 90 s its run_at is in the past.
    expect(sample(before.body, 'charter_jobs_oldest_ready_age_seconds')).toBeGreaterThanOrEqual(90);
    expect(sample(before.body, 'charter_live_sockets')).toBe(0);
    expect(
      sample(
        before.body,
        'charter_http_request_duration_seconds_count{route="/api/health",method="GET",status="2xx"}',
      ),
    ).toBe(1);
    expect(
      sample(
        before.body,
        'charter_http_request_duration_seconds_count{route="unmatched",method="GET",status="4xx"}',
      ),
    ).toBe(1);
    expect(before.body).not.toContain('8675309');

    expect(await ctx.jobs.drain()).toBe(2);
    const after = (await scrape(on, `Bearer ${TOKEN}`)).body;
    expect(sample(after, 'charter_jobs{status="queued"}')).toBe(0);
    expect(sample(after, 'charter_jobs{status="failed"}')).toBe(1);
    expect(sample(after, 'charter_jobs_oldest_ready_age_seconds')).toBe(0);
    expect(sample(after, 'charter_mail_deliveries_total{outcome="sent"}')).toBe(1);
    // The scrape before was itself measured, under its route.
    expect(
      sample(
        after,
        'charter_http_request_duration_seconds_count{route="/metrics",method="GET",status="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    // Process metrics (prom-client's defaults) come from this app's own registry.
    expect(after).toContain('process_cpu_user_seconds_total');
  });

  it('is not in the OpenAPI document', () => {
    const spec = on.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).not.toContain('/metrics');
  });
});

const bin = findPostgresBin();
describe.skipIf(!bin)('GET /metrics on PostgreSQL', () => {
  let server: PrivatePostgres;
  let t: TestApp;
  beforeAll(async () => {
    server = await startPrivatePostgres(bin as string);
    t = await createTestApp({ databaseUrl: server.url, metricsToken: TOKEN });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await server?.destroy();
  });

  it("reports the connection pool's sizes", async () => {
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'charter_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'charter_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'charter_db_pool_connections{state="waiting"}')).toBe(0);
  });
});

describe('request ids', () => {
  const lines: Record<string, unknown>[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-reqid-'));
    // The suite's PostgreSQL pass makes no embedded dump: the app then migrates a database of its own.
    const pglite = inject('pgliteDump') ? await migratedPglite() : undefined;
    const database = await openDatabase({ databaseUrl: null, dataDir, pglite });
    const config = loadConfig(
      { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' },
      { logLevel: 'info', runWorker: false, webDist: null, libreOffice: null },
    );
    app = await buildApp(config, {
      database,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    // What an operation does: log through ctx.log after reading the body and awaiting other work.
    app.post('/test/ctx-log', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      app.ctx.log.info({ body: request.body }, 'logged through ctx.log');
      return { ok: true };
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const linesOf = (id: string) => lines.filter((l) => l.reqId === id);

  it('returns the id in X-Request-Id, and every log line of the request carries it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/test/ctx-log',
      payload: { hello: 'world' },
    });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const messages = linesOf(id).map((l) => l.msg);
    expect(messages).toEqual(['incoming request', 'logged through ctx.log', 'request completed']);
    // Outside a request ctx.log is the app's own logger, without a request id.
    app.ctx.log.info('outside any request');
    expect(lines.find((l) => l.msg === 'outside any request')).not.toHaveProperty('reqId');
  });

  it('keeps a safe incoming X-Request-Id, and replaces an unsafe one', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(linesOf('lb-7f3a.42').map((l) => l.msg)).toEqual(['incoming request', 'request completed']);

    const unsafe = 'a b<script>'.padEnd(80, 'x');
    const replaced = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': unsafe },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((l) => l.reqId === unsafe)).toBe(false);
  });

  it('carries the id on a refused request too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/settings/profile' });
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(id).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });
});
