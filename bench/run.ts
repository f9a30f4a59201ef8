/**
 * `npm run bench`: starts the server on a fresh embedded database (its own process) and measures, with
 * autocannon at 100 connections, the health check, an authenticated GET and the login route, beside a
 * bare node:http server on the same machine as the ceiling; and, in this process, PDF generation and
 * sealing; then a guest room of 500 documents at 200 connections (room-overview.ts). Results print as a
 * table and land in bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { describeInitialJs, initialJs, webDist } from '../packages/web/scripts/bundle-size.ts';
import { fillFolder, timeLargeUpload } from './cabinet.ts';
import { type LiveFanOut, timeLiveFanOut } from './live.ts';
import { timePdfGeneration } from './pdf-generation.ts';
import { benchRoomOverview, describeRoomOverview } from './room-overview.ts';
import { createProjects, createScenario } from './scenario.ts';
import { describeSealing, timeSealing } from './seal.ts';
import { startCharter, startFastifyHello, startHelloWorld } from './servers.ts';
import { BENCH_TEMPLATE, LIVE_TEMPLATE, QUESTION_COUNT, writeBenchLibrary } from './workflow-library.ts';

const FASTIFY_HELLO = 'Fastify hello world (framework ceiling)';

type Row = {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Bytes read per response, headers included: shows what compression saves. */
  bytes: number;
  errors: number;
  non2xx: number;
};

const CONNECTIONS = 100;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3290);
/** What every browser sends: the API may answer compressed, as it would to the web app. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const rows: Row[] = [];
const pdf = await timePdfGeneration();
const sealing = await timeSealing();
const ceiling = await startHelloWorld(PORT + 1);
rows.push(await measure('node:http hello world (ceiling)', { url: ceiling.url }));
await ceiling.stop();
const fastify = await startFastifyHello(PORT + 2);
rows.push(await measure(FASTIFY_HELLO, { url: fastify.url }));
await fastify.stop();

const TRANSACTIONS = 3000;
const FOLDER_FILES = 5000;
const LARGE_MB = 50;
let largeUploadSeconds = Number.NaN;
const LIVE_SOCKETS = 200;
let live: LiveFanOut | null = null;
const templatesDir = writeBenchLibrary();
const charter = await startCharter(PORT, { TEMPLATES_DIR: templatesDir });
try {
  const scenario = await createScenario(charter.url);
  rows.push(await measure('GET /api/health', { url: `${charter.url}/api/health` }));
  rows.push(
    await measure('GET /api/account/me (authenticated)', {
      url: `${charter.url}/api/account/me`,
      headers: { authorization: `Bearer ${scenario.accessToken}`, ...BROWSER },
    }),
  );
  rows.push(
    await measure('POST /api/authn/session/credentials (login, argon2id)', {
      url: `${charter.url}/api/authn/session/credentials`,
      method: 'POST',
      headers: { authorization: scenario.basicAuth },
    }),
  );
  console.log(`Creating ${TRANSACTIONS} task groups…`);
  const lastGroup = await createProjects(charter.url, scenario.accessToken, BENCH_TEMPLATE, TRANSACTIONS);
  const auth = { authorization: `Bearer ${scenario.accessToken}`, ...BROWSER };
  // One client at a time: the budget is for the list as one user waits for it.
  rows.push(
    await measure(`GET /api/account/transaction?limit=3000 (${TRANSACTIONS} groups, 1 connection)`, {
      url: `${charter.url}/api/account/transaction?limit=3000`,
      headers: auth,
      connections: 1,
    }),
  );
  rows.push(
    await measure(`GET questionnaire of ${QUESTION_COUNT} questions`, {
      url: `${charter.url}/api/account/transaction/${lastGroup}/questionnaire`,
      headers: auth,
    }),
  );
  console.log(`Uploading ${FOLDER_FILES} files into one folder…`);
  await fillFolder(charter.url, scenario.accessToken, '/Bench/Many', FOLDER_FILES);
  rows.push(
    await measure(`GET /api/account/storage/folder (${FOLDER_FILES} files, first 200, 10 connections)`, {
      url: `${charter.url}/api/account/storage/folder?path=/Bench/Many&limit=200`,
      headers: auth,
      // A workspace's people browsing at once, not the whole server's load.
      connections: 10,
    }),
  );
  largeUploadSeconds = await timeLargeUpload(charter.url, scenario.accessToken, LARGE_MB);
  live = await timeLiveFanOut(charter.url, scenario.accessToken, LIVE_TEMPLATE, LIVE_SOCKETS);
} finally {
  await charter.stop();
  fs.rmSync(templatesDir, { recursive: true, force: true });
}
// Its own server (port + 10) and in-process query counts, after the main server stopped.
const roomOverview = await benchRoomOverview();

console.log(
  `\nCharter bench: ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION} s each, embedded database\n`,
);
console.table(rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })));
const authenticated = rows.find((r) => r.name.startsWith('GET /api/account/me'));
const fastifyRow = rows.find((r) => r.name === FASTIFY_HELLO);
if (authenticated && fastifyRow) {
  const verdict = authenticated.p99 < 25 ? 'met' : 'MISSED';
  console.log(`Target: authenticated GET p99 < 25 ms: ${verdict} (${authenticated.p99} ms)`);
  const share = authenticated.reqPerSec / fastifyRow.reqPerSec;
  console.log(
    `Target: authenticated GET >= 50% of Fastify hello world: ${share >= 0.5 ? 'met' : 'MISSED'} (${Math.round(share * 100)}%)`,
  );
}
const questionnaire = rows.find((r) => r.name.startsWith('GET questionnaire'));
if (questionnaire) {
  const verdict = questionnaire.p99 < 500 && questionnaire.errors === 0 ? 'met' : 'MISSED';
  console.log(
    `Target: ${QUESTION_COUNT}-question questionnaire at ${CONNECTIONS} connections p99 < 500 ms, 0 errors: ${verdict} (${questionnaire.p99} ms, ${questionnaire.errors} errors)`,
  );
}
const folderRow = rows.find((r) => r.name.startsWith('GET /api/account/storage/folder'));
if (folderRow) {
  const verdict = folderRow.p99 < 150 ? 'met' : 'MISSED';
  console.log(`Target: folder of ${FOLDER_FILES} files p99 < 150 ms: ${verdict} (${folderRow.p99} ms)`);
}
console.log(
  `Target: ${LARGE_MB} MB PDF upload acknowledged < 5 s: ${largeUploadSeconds < 5 ? 'met' : 'MISSED'} (${largeUploadSeconds.toFixed(2)} s)`,
);
if (live) {
  const verdict = live.received === live.sockets && live.spreadP99Ms < 100 ? 'met' : 'MISSED';
  console.log(
    `Target: one live event to ${live.sockets} sockets p99 < 100 ms: ${verdict} (p50 ${live.spreadP50Ms} ms, p99 ${live.spreadP99Ms} ms after the first; ${live.received} received; first ${live.firstMs} ms after finalizing)`,
  );
}
const list = rows.find((r) => r.name.startsWith('GET /api/account/transaction?'));
if (list) {
  const verdict = list.p99 < 150 ? 'met' : 'MISSED';
  console.log(`Target: transaction list of 3,000 rows p99 < 150 ms: ${verdict} (${list.p99} ms)`);
}
console.log(
  `PDF generation (a library document, Latin and CJK names): ${pdf.msPerDocument} ms per document, ${pdf.kilobytes} KB`,
);
console.log(describeSealing(sealing));
console.table(roomOverview.rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })));
console.log(describeRoomOverview(roomOverview));
// The web app's weight, when it has been built (npm run build): the e2e suite enforces the budgets.
const bundles = fs.existsSync(path.join(webDist, '.vite/manifest.json')) ? initialJs() : [];
if (bundles.length) console.log(`Initial JavaScript per page:\n${describeInitialJs(bundles)}`);
const out = path.join(import.meta.dirname, 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      connections: CONNECTIONS,
      seconds: DURATION,
      rows,
      largeUploadSeconds,
      live,
      pdf,
      sealing,
      roomOverview,
      initialJs: bundles.map(({ page, bytes, gzipBytes }) => ({ page, bytes, gzipBytes })),
    },
    null,
    2,
  ),
);
console.log(`Saved ${path.relative(process.cwd(), file)}`);
