/**
 * `npx tsx bench/room-overview.ts` (or `npm run bench:room-overview` in bench/): a room of 500 documents,
 * open to guests, viewed by 200 concurrent browsers. Part of `npm run bench`, on each database it runs.
 *
 * 1. Queries per request, in this process: the statements one GET /api/guest/rooms/{code} and one admin
 *    GET /api/account/admin/room/{id} run, for a room of 5 and of 500 documents. They must be the same
 *    (no query per document). Counted at the driver's logger, so every statement counts.
 * 2. Throughput: Charter in its own process, 200 connections for BENCH_SECONDS (10) on each route, on the
 *    embedded database or on PostgreSQL (alone: when DATABASE_URL is set). Targets: the guest view
 *    >= 1,000 req/s on the embedded database, >= 2,500 on PostgreSQL, p99 < 250 ms (issue 26); the
 *    admin's view >= 300 and >= 1,000 req/s.
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
import { BROWSER } from './measure.ts';
import { createScenario } from './scenario.ts';
import { type Server, startCharter } from './servers.ts';

/** A visitor page's browser key (any 22 base64url characters). */
const VISITOR_KEY = 'benchVisitorKey0000000';

export type RoomOverviewOptions = {
  /** The room is 500 documents; 5 measures the cost of a request itself. */
  documents: number;
  seconds: number;
  warmUpSeconds: number;
  /** Concurrent browsers: the 200. */
  viewers: number;
  port: number;
  /** A PostgreSQL server to make a scratch database on; null: the embedded database. */
  postgresServer: string | null;
};

type Json = Record<string, unknown>;

/** A JSON call to the API as the workspace of `token`; anything but 2xx throws. */
export async function api(base: string, method: string, url: string, token: string, body?: unknown) {
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
async function countQueries(options: RoomOverviewOptions) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-bench-overview-'));
  const scratch = await benchDatabase(options.postgresServer);
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
    for (const documents of [5, options.documents]) {
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
async function measure(
  name: string,
  server: Server,
  { seconds, warmUpSeconds, viewers }: RoomOverviewOptions,
  options: autocannon.Options,
) {
  // A running server is warm: the first seconds (compiling, the first reads) are not measured.
  await autocannon({ connections: viewers, duration: warmUpSeconds, timeout: 60, ...options });
  const cpuBefore = server.cpuSeconds();
  // A loaded machine answers slowly: a request waits up to a minute rather than counting as an error.
  const result = await autocannon({ connections: viewers, duration: seconds, timeout: 60, ...options });
  const cpuAfter = server.cpuSeconds();
  const answered = Math.max(result.requests.total, 1);
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    kilobytes: Math.round(result.throughput.total / answered / 1024),
    cpuMs:
      cpuBefore === null || cpuAfter === null
        ? null
        : Math.round(((cpuAfter - cpuBefore) * 1000 * 100) / answered) / 100,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Part 2: req/s at 200 connections on `charter`, a server in its own process, in a workspace of its own. */
async function measureThroughput(options: RoomOverviewOptions, charter: Server) {
  const { accessToken } = await createScenario(charter.url);
  const room = await openRoomWith(charter.url, accessToken, options.documents);
  const guest = { 'x-room-visitor-key': VISITOR_KEY, ...BROWSER };
  // One view first: the visitor row exists, as for a returning viewer.
  const first = await fetch(`${charter.url}/api/guest/rooms/${room.code}?visit=1`, { headers: guest });
  if (!first.ok) throw new Error(`guest view: ${first.status} ${await first.text()}`);
  return [
    await measure(`GET /api/guest/rooms/{code} (${options.documents} documents)`, charter, options, {
      url: `${charter.url}/api/guest/rooms/${room.code}`,
      headers: guest,
    }),
    await measure(`GET /api/account/admin/room/{id} (${options.documents} documents)`, charter, options, {
      url: `${charter.url}/api/account/admin/room/${room.id}`,
      headers: { authorization: `Bearer ${accessToken}`, ...BROWSER },
    }),
  ];
}

/** A fresh server of its own (on a scratch database of the PostgreSQL server, if any), stopped after. */
async function onOwnServer<T>(options: RoomOverviewOptions, work: (server: Server) => Promise<T>) {
  const scratch = await benchDatabase(options.postgresServer);
  try {
    const charter = await startCharter(options.port, scratch.url ? { DATABASE_URL: scratch.url } : {});
    try {
      return await work(charter);
    } finally {
      await charter.stop();
    }
  } finally {
    await scratch.drop();
  }
}

/**
 * Both parts. The throughput runs on `server` when given (the quick run saves a server's start), else on
 * a fresh server of its own, where nothing else the bench made is in its database.
 */
export async function benchRoomOverview(options: RoomOverviewOptions, server?: Server) {
  const counts = await countQueries(options);
  const rows = server
    ? await measureThroughput(options, server)
    : await onOwnServer(options, (own) => measureThroughput(options, own));
  // What else ran meanwhile: req/s on a shared machine is only comparable at a similar load.
  return {
    documents: options.documents,
    viewers: options.viewers,
    postgres: options.postgresServer !== null,
    counts,
    rows,
    load: os.loadavg()[0],
    cores: os.cpus().length,
  };
}

export type RoomOverview = Awaited<ReturnType<typeof benchRoomOverview>>;

/** The budget of a route: the guest view's from issue 26, the admin view's from its first bench. */
function targetOf(row: { name: string }, postgres: boolean) {
  return row.name.startsWith('GET /api/guest/')
    ? { reqPerSec: postgres ? 2500 : 1000, p99: 250 }
    : { reqPerSec: postgres ? 1000 : 300, p99: null };
}

/** The query counts (a constant number, whatever the size: a failure if not) and each route's budget. */
export function describeRoomOverview({
  documents,
  viewers,
  postgres,
  counts,
  rows,
  load,
  cores,
}: RoomOverview) {
  const driver = postgres ? 'PostgreSQL' : 'embedded database';
  const lines = Object.entries(counts).map(([name, [small, big]]) => {
    const verdict = small === big ? 'met' : 'MISSED';
    return `Target: ${name} room view in a constant number of queries on the ${driver}: ${verdict} (${small} with 5 documents, ${big} with ${documents})`;
  });
  for (const row of rows) {
    const target = targetOf(row, postgres);
    const met =
      row.reqPerSec >= target.reqPerSec &&
      (target.p99 === null || row.p99 < target.p99) &&
      row.errors === 0 &&
      row.non2xx === 0;
    const p99 = target.p99 === null ? '' : `, p99 < ${target.p99} ms`;
    lines.push(
      `Target: ${row.name} at ${viewers} connections >= ${target.reqPerSec} req/s${p99} on the ${driver}: ${met ? 'met' : 'MISSED'} (${row.reqPerSec} req/s, p99 ${row.p99} ms, ${row.kilobytes} KB, ${row.cpuMs ?? '?'} CPU ms per answer, ${row.errors} errors, ${row.non2xx} non-2xx)`,
    );
  }
  lines.push(`Machine: load average ${load.toFixed(1)} over the last minute, ${cores} cores`);
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const result = await benchRoomOverview({
    documents: Number(process.env.BENCH_ROOM_DOCUMENTS ?? 500),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    warmUpSeconds: 3,
    viewers: 200,
    port: Number(process.env.BENCH_PORT ?? 3290) + 10,
    postgresServer: process.env.DATABASE_URL || null,
  });
  console.table(result.rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })));
  console.log(describeRoomOverview(result));
}
