/**
 * `npm run bench`: starts the server on a fresh embedded database and measures, with autocannon at 100
 * connections, the health check, an authenticated GET and the login route, beside a bare node:http
 * server on the same machine as the ceiling. Results print as a table and land in bench/results/.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '@charter/server/src/app.ts';
import { loadConfig } from '@charter/server/src/config.ts';
import { seedBrands } from '@charter/server/src/seed.ts';
import { createScenario } from './scenario.ts';

type Row = { name: string; reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number };

const CONNECTIONS = 100;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function helloWorld(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) => res.end('hello world'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-bench-'));
const config = loadConfig(
  { DATA_DIR: dataDir, PORT: '0' },
  { logLevel: 'warn', authRateLimit: 1_000_000, authEmailAttempts: 1_000_000, webDist: null, host: '127.0.0.1' },
);
const app = await buildApp(config);
await seedBrands(app.ctx);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const scenario = await createScenario(base);

const ceiling = await helloWorld();
const rows: Row[] = [];
rows.push(await measure('node:http hello world (ceiling)', { url: ceiling.url }));
ceiling.close();
rows.push(await measure('GET /api/health', { url: `${base}/api/health` }));
rows.push(
  await measure('GET /api/account/me (authenticated)', {
    url: `${base}/api/account/me`,
    headers: { authorization: `Bearer ${scenario.accessToken}` },
  }),
);
rows.push(
  await measure('POST /api/authn/session/credentials (login, argon2id)', {
    url: `${base}/api/authn/session/credentials`,
    method: 'POST',
    headers: { authorization: scenario.basicAuth },
  }),
);

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`\nCharter bench — ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION}s each, ${app.ctx.database.driver}\n`);
console.table(rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })));
const authenticated = rows.find((r) => r.name.startsWith('GET /api/account/me'));
if (authenticated) {
  const verdict = authenticated.p99 < 25 ? 'met' : 'MISSED';
  console.log(`Target authenticated GET p99 < 25 ms: ${verdict} (${authenticated.p99} ms)`);
}
const out = path.join(import.meta.dirname, 'results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(rows, null, 2));
