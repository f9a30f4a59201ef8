/**
 * `npm run bench [-- --quick] [-- --postgres] [-- --no-lighthouse]`: the ceilings (a bare node:http server
 * and Fastify's hello world, each in its own process) and, in this process, PDF generation, sealing and
 * one-row commits on the durable embedded database against fsync off (durability.ts);
 * then Charter in its own process on a fresh embedded database: the health check, an authenticated GET,
 * the login route, the transaction list, a 200-question questionnaire, a large folder, a large upload, one
 * live event to many sockets and a guest room of many documents (room-overview.ts). With --postgres the
 * same again on a PostgreSQL server the bench starts and stops (postgres.ts), side by side in the table.
 * Then Lighthouse on the web app's pages (lighthouse.ts; after `npm run build`).
 *
 * --quick (or BENCH_QUICK=1) is CI's run: a tenth of the data, 2 s per measure, no Lighthouse, no budget
 * verdicts (its sizes are not the budgets' sizes: a "met" there would promise what the full run has not
 * shown). Either run exits 1 when a measure errors: a step that throws, a request that errors or times
 * out, an answer outside 2xx, a live event that does not reach every socket, a room view whose queries
 * grow with its documents. Slowness alone never fails it: budgets are read from the full run.
 * Results print as tables and land in bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeInitialJs, initialJs, webDist } from '../packages/web/scripts/bundle-size.ts';
import { type DatabaseRun, runOnDatabase } from './charter-run.ts';
import { describeDurability, timeDurability } from './durability.ts';
import { auditPages, describeAudits, type PageAudit } from './lighthouse.ts';
import { CONNECTIONS, measure, type Row, rowFailure } from './measure.ts';
import { benchOptions } from './options.ts';
import { timePdfGeneration } from './pdf-generation.ts';
import { startPostgres } from './postgres.ts';
import { describeSealing, timeSealing } from './seal.ts';
import { startFastifyHello, startHelloWorld } from './servers.ts';
import { formatTable } from './table.ts';
import { describeTargets } from './targets.ts';

const FASTIFY_HELLO = 'Fastify hello world (framework ceiling)';
const started = performance.now();
const options = benchOptions();
const { sizes } = options;
const failures: string[] = [];
const fail = (label: string, error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  failures.push(`${label}: ${message}`);
  console.error(`${label} failed: ${message}`);
};

console.log(
  `Charter bench, ${options.quick ? 'quick' : 'full'} run: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
);
const pdf = await timePdfGeneration(sizes.pdfDocuments).catch((error) => fail('PDF generation', error));
const sealing = await timeSealing(sizes.sealPages).catch((error) => fail('sealing', error));
const durability = await timeDurability(sizes.commits).catch((error) => fail('embedded commits', error));
const ceilings: Row[] = [];
for (const [name, start, offset] of [
  ['node:http hello world (ceiling)', startHelloWorld, 1],
  [FASTIFY_HELLO, startFastifyHello, 2],
] as const) {
  try {
    const server = await start(options.port + offset);
    try {
      ceilings.push(await measure(name, options, { url: server.url }));
    } finally {
      await server.stop();
    }
  } catch (error) {
    fail(name, error);
  }
}
for (const row of ceilings) {
  const failure = rowFailure(row);
  if (failure) failures.push(failure);
}

const runs: DatabaseRun[] = [await runOnDatabase('embedded', null, options)];
if (options.postgres) {
  try {
    const postgres = await startPostgres();
    try {
      runs.push(await runOnDatabase('PostgreSQL', postgres.url, options));
    } finally {
      postgres.stop();
    }
  } catch (error) {
    fail('PostgreSQL server', error);
  }
}
for (const run of runs) failures.push(...run.failures.map((f) => `${run.database}: ${f}`));

let audits: PageAudit[] = [];
if (options.lighthouse) {
  // Its own server (port + 20), serving the built web app, after the measured ones stopped.
  try {
    audits = await auditPages(options.port + 20);
  } catch (error) {
    fail('Lighthouse', error);
  }
}

// The tables.
const cell = (row: Row | undefined) =>
  row
    ? `${row.reqPerSec} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${(row.bytes / 1024).toFixed(1)} kB` +
      (row.errors || row.non2xx ? `, ${row.errors} errors, ${row.non2xx} non-2xx` : '')
    : '-';
console.log(
  `\n${options.quick ? 'Quick' : 'Full'} run: ${options.connections(CONNECTIONS)} connections unless named, ${options.seconds} s each; load average ${os.loadavg()[0].toFixed(1)}\n`,
);
console.log(
  formatTable(
    ['Ceiling (no database)', 'result'],
    ceilings.map((row) => [row.name, cell(row)]),
  ),
);
const names = [...new Set(runs.flatMap((run) => run.rows.map((row) => row.name)))];
const roomNames = [...new Set(runs.flatMap((run) => run.roomOverview?.rows.map((row) => row.name) ?? []))];
const table: string[][] = names.map((name) => [
  name,
  ...runs.map((run) => cell(run.rows.find((row) => row.name === name))),
]);
table.push(
  [
    `${sizes.largeMegabytes} MB PDF upload acknowledged`,
    ...runs.map((run) => (run.largeUploadSeconds === null ? '-' : `${run.largeUploadSeconds.toFixed(2)} s`)),
  ],
  [
    `One live event to ${sizes.liveSockets} sockets (${Math.ceil(sizes.liveSockets / 20)} sign-ins)`,
    ...runs.map((run) =>
      run.live
        ? `p50 ${run.live.spreadP50Ms} ms, p99 ${run.live.spreadP99Ms} ms after the first; ${run.live.received} received; first ${run.live.firstMs} ms`
        : '-',
    ),
  ],
  [
    'Server memory (RSS, idle): after start / after the measures',
    ...runs.map((run) =>
      run.memory ? `${run.memory.started ?? '?'} MB / ${run.memory.afterMeasures ?? '?'} MB` : '-',
    ),
  ],
  ...['guest', 'admin'].map((who) => [
    `Queries of one ${who} room view (5 documents / ${sizes.roomDocuments})`,
    ...runs.map((run) => run.roomOverview?.counts[who]?.join(' / ') ?? '-'),
  ]),
  ...roomNames.map((name) => [
    `${name}, ${options.connections(200)} connections`,
    ...runs.map((run) => {
      const row = run.roomOverview?.rows.find((r) => r.name === name);
      return row ? `${cell({ ...row, bytes: row.kilobytes * 1024 })}, ${row.cpuMs ?? '?'} CPU ms each` : '-';
    }),
  ]),
);
console.log(`\n${formatTable(['Charter', ...runs.map((run) => run.database)], table)}\n`);

if (pdf)
  console.log(
    `PDF generation (a library document, Latin and CJK names): ${pdf.msPerDocument} ms per document, ${pdf.kilobytes} KB`,
  );
if (audits.length) console.log(`\nLighthouse (mobile defaults):\n${describeAudits(audits, !options.quick)}`);
// The web app's weight, when it has been built (npm run build): the e2e suite enforces the budgets.
const bundles = fs.existsSync(path.join(webDist, '.vite/manifest.json')) ? initialJs() : [];
if (bundles.length) console.log(`\nInitial JavaScript per page:\n${describeInitialJs(bundles)}`);

if (options.quick) {
  console.log('\nQuick run: smaller data and shorter measures; the budgets are judged by the full run only.');
} else {
  console.log('');
  const fastify = ceilings.find((r) => r.name === FASTIFY_HELLO);
  for (const run of runs) console.log(describeTargets(run, fastify, sizes));
  if (sealing) console.log(describeSealing(sealing));
}
if (durability) console.log(describeDurability(durability));

const out = path.join(import.meta.dirname, 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      quick: options.quick,
      connections: CONNECTIONS,
      seconds: options.seconds,
      sizes,
      load: os.loadavg(),
      ceilings,
      runs,
      pdf,
      sealing,
      durability,
      lighthouse: audits,
      initialJs: bundles.map(({ page, bytes, gzipBytes }) => ({ page, bytes, gzipBytes })),
      failures,
    },
    null,
    2,
  ),
);
console.log(`Saved ${path.relative(process.cwd(), file)}`);
console.log(`Took ${Math.round((performance.now() - started) / 1000)} s`);
if (failures.length) {
  console.error(`\n${failures.length} measure(s) failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
// Pools and timers of the in-process servers may linger; the results are out.
process.exit(0);
