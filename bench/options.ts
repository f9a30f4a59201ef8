import { parseArgs } from 'node:util';

/** How much data each measure works on: the full run's sizes are the ones the budgets speak of. */
export type Sizes = {
  transactions: number;
  folderFiles: number;
  largeMegabytes: number;
  /** One sign-in per 20 sockets (the server's cap per session): 200 sockets are 10 sessions. */
  liveSockets: number;
  roomDocuments: number;
  pdfDocuments: number;
  sealPages: number;
  /** One-row commits timed on the durable embedded database and with fsync off (durability.ts). */
  commits: number;
};

const FULL: Sizes = {
  transactions: 3000,
  folderFiles: 5000,
  largeMegabytes: 50,
  liveSockets: 200,
  roomDocuments: 500,
  pdfDocuments: 50,
  sealPages: 100,
  commits: 300,
};

/** A tenth of the data, still past every size where a per-row cost would show as an error or a crash. */
const QUICK: Sizes = {
  transactions: 200,
  folderFiles: 500,
  largeMegabytes: 5,
  // Three sessions: the fan-out still crosses the per-session cap.
  liveSockets: 60,
  roomDocuments: 50,
  pdfDocuments: 5,
  sealPages: 10,
  commits: 50,
};

export type BenchOptions = {
  /** CI's run: small data, short measures, no budgets; it fails only when a measure errors. */
  quick: boolean;
  /** The same measures again on a PostgreSQL server the bench starts, beside the embedded database's. */
  postgres: boolean;
  /** Lighthouse on the web app's pages (needs `npm run build`); left out of the quick run. */
  lighthouse: boolean;
  seconds: number;
  warmUpSeconds: number;
  /** autocannon's per-request timeout: in the quick run a slow answer on a loaded machine is no error. */
  timeoutSeconds: number;
  /**
   * Concurrent connections of a measure whose budget names `n`: the quick run opens a tenth, so that on a
   * loaded machine requests still come back within its 2 s (one that is still out when a measure ends
   * is not counted, and a measure where none came back fails).
   */
  connections(n: number): number;
  port: number;
  sizes: Sizes;
};

/**
 * `npm run bench -- [--quick] [--postgres] [--no-lighthouse]`; BENCH_QUICK=1 is --quick, BENCH_SECONDS
 * sets each measure's length and BENCH_PORT the first of the ports it uses (up to +30).
 */
export function benchOptions(argv = process.argv.slice(2), env = process.env): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      postgres: { type: 'boolean', default: false },
      lighthouse: { type: 'boolean' },
    },
    allowNegative: true,
  });
  const quick = values.quick || env.BENCH_QUICK === '1';
  return {
    quick,
    postgres: values.postgres,
    lighthouse: values.lighthouse ?? !quick,
    seconds: Number(env.BENCH_SECONDS ?? (quick ? 2 : 10)),
    warmUpSeconds: quick ? 1 : 3,
    timeoutSeconds: quick ? 60 : 10,
    connections: (n) => (quick ? Math.max(1, Math.round(n / 10)) : n),
    port: Number(env.BENCH_PORT ?? 3290),
    sizes: quick ? QUICK : FULL,
  };
}
