import fs from 'node:fs';
import { fillFolder, timeLargeUpload } from './cabinet.ts';
import { benchDatabase } from './database.ts';
import { type LiveFanOut, timeLiveFanOut } from './live.ts';
import { BROWSER, measure, type Row, rowFailure } from './measure.ts';
import type { BenchOptions } from './options.ts';
import { benchRoomOverview, type RoomOverview } from './room-overview.ts';
import { createProjects, createScenario } from './scenario.ts';
import { type Server, startCharter } from './servers.ts';
import { BENCH_TEMPLATE, LIVE_TEMPLATE, QUESTION_COUNT, writeBenchLibrary } from './workflow-library.ts';

export type DatabaseKind = 'embedded' | 'PostgreSQL';

/** What one database's run measured; a step that failed leaves its part empty and says why in failures. */
export type DatabaseRun = {
  database: DatabaseKind;
  rows: Row[];
  largeUploadSeconds: number | null;
  live: LiveFanOut | null;
  roomOverview: RoomOverview | null;
  /** The server's resident memory (MB): idle after its start, and idle again after the measures. */
  memory: { started: number | null; afterMeasures: number | null } | null;
  failures: string[];
};

/** What an idle server holds: read after a pause, once the start's or the load's work has settled. */
const IDLE_PAUSE_MS = 3000;
async function idleResidentMegabytes(server: Server) {
  await new Promise((resolve) => setTimeout(resolve, IDLE_PAUSE_MS));
  return server.residentMegabytes();
}

/**
 * Every measure that reads or writes the database, on a fresh one: Charter in its own process on the
 * embedded database, or on a scratch database of `postgresServer`; then the room overview (an in-process
 * count of queries, and its throughput on a server of its own; the quick run uses the main server). A
 * step that throws or whose requests error is recorded as a failure and the next step still runs, so one
 * broken measure does not hide the others.
 */
export async function runOnDatabase(
  database: DatabaseKind,
  postgresServer: string | null,
  options: BenchOptions,
): Promise<DatabaseRun> {
  const { sizes } = options;
  const connections = (n: number) => {
    const count = options.connections(n);
    return `${count} connection${count === 1 ? '' : 's'}`;
  };
  const run: DatabaseRun = {
    database,
    rows: [],
    largeUploadSeconds: null,
    live: null,
    roomOverview: null,
    memory: null,
    failures: [],
  };
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
  const step = async (label: string, work: () => Promise<void>) => {
    const started = performance.now();
    try {
      await work();
      console.log(`${database}: ${label}: ${seconds(started)}`);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      run.failures.push(`${label}: ${message}`);
      console.error(`${database}: ${label} failed: ${message}`);
    }
  };
  const record = async (name: string, request: Parameters<typeof measure>[2]) => {
    const row = await measure(name, options, request);
    run.rows.push(row);
    const failure = rowFailure(row);
    if (failure) run.failures.push(failure);
  };

  /** Queries per room view (in this process) and the room's throughput, on `server` or on its own. */
  const roomOverview = async (server?: Server) => {
    const overview = await benchRoomOverview(
      {
        documents: sizes.roomDocuments,
        seconds: options.seconds,
        warmUpSeconds: options.warmUpSeconds,
        viewers: options.connections(200),
        port: options.port + 10,
        postgresServer,
      },
      server,
    );
    run.roomOverview = overview;
    for (const [name, [small, big]] of Object.entries(overview.counts)) {
      // A query per document is a bug whatever the machine: the quick run fails on it too.
      if (small !== big)
        run.failures.push(
          `${name} room view: ${small} queries with 5 documents, ${big} with ${overview.documents}`,
        );
    }
    for (const row of overview.rows) {
      const failure = rowFailure(row);
      if (failure) run.failures.push(failure);
    }
  };

  console.log(`\n${database}: measuring…`);
  await step('Charter server', async () => {
    const startedAt = performance.now();
    const scratch = await benchDatabase(postgresServer);
    const templatesDir = writeBenchLibrary();
    try {
      const charter = await startCharter(options.port, {
        TEMPLATES_DIR: templatesDir,
        ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
      });
      console.log(`${database}: server answering after ${seconds(startedAt)}`);
      run.memory = { started: await idleResidentMegabytes(charter), afterMeasures: null };
      try {
        const scenario = await createScenario(charter.url);
        const auth = { authorization: `Bearer ${scenario.accessToken}`, ...BROWSER };
        await step('health, authenticated GET, login', async () => {
          await record('GET /api/health', { url: `${charter.url}/api/health` });
          await record('GET /api/account/me (authenticated)', {
            url: `${charter.url}/api/account/me`,
            headers: auth,
          });
          await record('POST /api/authn/session/credentials (login, argon2id)', {
            url: `${charter.url}/api/authn/session/credentials`,
            method: 'POST',
            headers: { authorization: scenario.basicAuth },
          });
        });
        await step('transaction list and questionnaire', async () => {
          console.log(`${database}: creating ${sizes.transactions} task groups…`);
          const lastGroup = await createProjects(
            charter.url,
            scenario.accessToken,
            BENCH_TEMPLATE,
            sizes.transactions,
          );
          // One client at a time: the budget is for the list as one user waits for it.
          await record(
            `GET /api/account/transaction?limit=${sizes.transactions} (${sizes.transactions} groups, 1 connection)`,
            {
              url: `${charter.url}/api/account/transaction?limit=${sizes.transactions}`,
              headers: auth,
              connections: 1,
            },
          );
          await record(`GET questionnaire of ${QUESTION_COUNT} questions`, {
            url: `${charter.url}/api/account/transaction/${lastGroup}/questionnaire`,
            headers: auth,
          });
        });
        await step('folder', async () => {
          console.log(`${database}: uploading ${sizes.folderFiles} files into one folder…`);
          await fillFolder(charter.url, scenario.accessToken, '/Bench/Many', sizes.folderFiles);
          await record(
            `GET /api/account/storage/folder (${sizes.folderFiles} files, first 200, ${connections(10)})`,
            {
              url: `${charter.url}/api/account/storage/folder?path=/Bench/Many&limit=200`,
              headers: auth,
              // A workspace's people browsing at once, not the whole server's load.
              connections: 10,
            },
          );
        });
        await step('large upload', async () => {
          run.largeUploadSeconds = await timeLargeUpload(
            charter.url,
            scenario.accessToken,
            sizes.largeMegabytes,
          );
        });
        await step('live fan-out', async () => {
          const live = await timeLiveFanOut(charter.url, scenario, LIVE_TEMPLATE, sizes.liveSockets);
          run.live = live;
          if (live.received !== live.sockets)
            throw new Error(`${live.received} of ${live.sockets} sockets had the event within 30 s`);
        });
        // The quick run measures the room on this server: one server start fewer.
        if (options.quick) await step('room overview', () => roomOverview(charter));
        run.memory.afterMeasures = await idleResidentMegabytes(charter);
      } finally {
        await charter.stop();
      }
    } finally {
      fs.rmSync(templatesDir, { recursive: true, force: true });
      await scratch.drop();
    }
  });
  // In the full run the room's throughput has a server of its own (port + 10), after the main one stopped.
  if (!options.quick) await step('room overview', () => roomOverview());
  return run;
}
