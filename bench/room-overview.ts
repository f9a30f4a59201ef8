/**
 * `npx tsx bench/room-overview.ts` (or `npm run bench:room-overview` in bench/): a room of 500 documents,
 * open to guests, viewed by 200 concurrent browsers.
 *
 * 1. Queries per request, in this process: the statements one GET /api/guest/rooms/{code} and one admin
 *    GET /api/account/admin/room/{id} run, for a room of 5 and of 500 documents. They must be the same
 *    (no query per document). Counted at the driver's logger, so every statement counts.
 * 2. Throughput: Charter in its own process, 200 connections for BENCH_SECONDS (10) on each route, on the
 *    embedded database (target >= 300 req/s) or on PostgreSQL when DATABASE_URL is set (>= 1,000 req/s).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { seedBrands } from '../packages/server/src/seed.ts';
import { benchDatabase } from './database.ts';
import { createScenario } from './scenario.ts';
import { type Server, startCharter } from './servers.ts';

/** The room; BENCH_ROOM_DOCUMENTS measures another size (5: the cost of a request itself). */
export const ROOM_DOCUMENTS = Number(process.env.BENCH_ROOM_DOCUMENTS ?? 500);
const VIEWERS = 200;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 3290) + 10;
/** What every browser sends: the API may answer compressed, as it would to the visitor page. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
/** A visitor page's browser key (any 22 base64url characters). */
const VISITOR_KEY = 'benchVisitorKey0000000';
const TARGET = process.env.DATABASE_URL ? 1000 : 300;

type Json = Record<string, unknown>;

async function api(base: string, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Json>;
}

/** A room of `documents` uploaded PDFs, open to anyone with its general link: its id and code. */
export async function openRoomWith(base: string, accessToken: string, documents: number) {
  const room = await api(base, 'POST', '/api/account/admin/room', accessToken, {
    label: `Bench Room of ${documents}`,
    type: 'data-room',
  });
  const id = room.id as number;
  const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
  for (let done = 0; done < documents; done += 100) {
    const form = new FormData();
    for (let i = done; i < Math.min(done + 100, documents); i++) {
      form.append(
        'file',
        new Blob([pdf], { type: 'application/pdf' }),
        `Document ${String(i).padStart(4, '0')}.pdf`,
      );
    }
    const res = await fetch(`${base}/api/account/admin/room/${id}/document/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  }
  await api(base, 'PUT', `/api/account/admin/room/${id}`, accessToken, { open: true });
  const link = await api(base, 'GET', `/api/account/admin/room/${id}/code-link`, accessToken);
  return { id, code: link.code as string };
}

/** Part 1: statements per request, 5 and 500 documents, on an in-process server with a counting logger. */
async function countQueries() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-bench-overview-'));
  const scratch = await benchDatabase();
  const database = await openDatabase({
    databaseUrl: scratch.url,
    dataDir,
    log: { info: () => {}, warn: () => {} },
  });
  await database.migrate();
  let statements = 0;
  const logger = {
    logQuery: () => {
      statements += 1;
    },
  };
  // Drizzle's session keeps its logger, and hands its options to each transaction's session.
  const session = (database.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } })
    .session;
  session.logger = logger;
  session.options.logger = logger;
  const config = loadConfig(
    { DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', DATABASE_URL: scratch.url ?? undefined },
    { logLevel: 'silent', runWorker: false, webDist: null },
  );
  const app = await buildApp(config, { database });
  await seedBrands(app.ctx);
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { accessToken } = await createScenario(address);
    const counts: Record<string, number[]> = { guest: [], admin: [] };
    for (const documents of [5, ROOM_DOCUMENTS]) {
      const room = await openRoomWith(address, accessToken, documents);
      for (const [name, url, headers] of [
        ['guest', `/api/guest/rooms/${room.code}`, { 'x-room-visitor-key': VISITOR_KEY }],
        ['admin', `/api/account/admin/room/${room.id}`, { authorization: `Bearer ${accessToken}` }],
      ] as const) {
        // The first guest view makes the visitor row; the counted one is a returning viewer's.
        await app.inject({ method: 'GET', url, headers });
        statements = 0;
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        const docs = (res.json() as { documents?: unknown[] }).documents;
        if (docs && docs.length !== documents) throw new Error(`${url}: ${docs.length} documents`);
        counts[name].push(statements);
      }
    }
    return counts;
  } finally {
    await app.close();
    await database.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * 200 connections on one route. Besides req/s (which on a shared machine says as much about the other
 * processes as about Charter), the CPU milliseconds Charter's process spent per answer: what one core
 * could serve is about 1,000 / cpuMs req/s, however loaded the machine is.
 */
async function measure(name: string, server: Server, options: autocannon.Options) {
  // A running server is warm: the first seconds (compiling, the first reads) are not measured.
  await autocannon({ connections: VIEWERS, duration: WARM_UP_SECONDS, timeout: 60, ...options });
  const cpuBefore = server.cpuSeconds();
  // A loaded machine answers slowly: a request waits up to a minute rather than counting as an error.
  const result = await autocannon({ connections: VIEWERS, duration: DURATION, timeout: 60, ...options });
  const cpuAfter = server.cpuSeconds();
  const answered = Math.max(result.requests.total, 1);
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    kilobytes: Math.round(result.throughput.total / answered / 1024),
    cpuMs:
      cpuBefore === null || cpuAfter === null
        ? null
        : Math.round(((cpuAfter - cpuBefore) * 1000 * 100) / answered) / 100,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Part 2: req/s at 200 connections, the server in its own process. */
async function measureThroughput() {
  const scratch = await benchDatabase();
  const charter = await startCharter(PORT, scratch.url ? { DATABASE_URL: scratch.url } : {});
  try {
    const { accessToken } = await createScenario(charter.url);
    const room = await openRoomWith(charter.url, accessToken, ROOM_DOCUMENTS);
    const guest = { 'x-room-visitor-key': VISITOR_KEY, ...BROWSER };
    // One view first: the visitor row exists, as for a returning viewer.
    const first = await fetch(`${charter.url}/api/guest/rooms/${room.code}?visit=1`, { headers: guest });
    if (!first.ok) throw new Error(`guest view: ${first.status} ${await first.text()}`);
    return [
      await measure(`GET /api/guest/rooms/{code} (${ROOM_DOCUMENTS} documents)`, charter, {
        url: `${charter.url}/api/guest/rooms/${room.code}`,
        headers: guest,
      }),
      await measure(`GET /api/account/admin/room/{id} (${ROOM_DOCUMENTS} documents)`, charter, {
        url: `${charter.url}/api/account/admin/room/${room.id}`,
        headers: { authorization: `Bearer ${accessToken}`, ...BROWSER },
      }),
    ];
  } finally {
    await charter.stop();
    await scratch.drop();
  }
}

export async function benchRoomOverview() {
  const counts = await countQueries();
  const rows = await measureThroughput();
  // What else ran meanwhile: req/s on a shared machine is only comparable at a similar load.
  return { counts, rows, load: os.loadavg()[0], cores: os.cpus().length };
}

export function describeRoomOverview({
  counts,
  rows,
  load,
  cores,
}: Awaited<ReturnType<typeof benchRoomOverview>>) {
  const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database';
  const lines = Object.entries(counts).map(([name, [small, big]]) => {
    const verdict = small === big ? 'met' : 'MISSED';
    return `Target: ${name} room view in a constant number of queries: ${verdict} (${small} with 5 documents, ${big} with ${ROOM_DOCUMENTS})`;
  });
  for (const row of rows) {
    const verdict = row.reqPerSec >= TARGET && row.errors === 0 && row.non2xx === 0 ? 'met' : 'MISSED';
    lines.push(
      `Target: ${row.name} at ${VIEWERS} connections >= ${TARGET} req/s on the ${driver}: ${verdict} (${row.reqPerSec} req/s, p99 ${row.p99} ms, ${row.kilobytes} KB, ${row.cpuMs ?? '?'} CPU ms per answer, ${row.errors} errors, ${row.non2xx} non-2xx)`,
    );
  }
  lines.push(`Machine: load average ${load.toFixed(1)} over the last minute, ${cores} cores`);
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const result = await benchRoomOverview();
  console.table(result.rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })));
  console.log(describeRoomOverview(result));
}
