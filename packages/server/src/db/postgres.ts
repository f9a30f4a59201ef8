import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describeFailure, isDatabaseUnavailable, markOutcome } from './resilience.ts';
import { noteWrite } from './write-ledger.ts';

export type PostgresSettings = {
  databaseUrl: string;
  connectTimeoutMs: number;
  /** PostgreSQL's statement_timeout for every pooled connection; 0 turns it off. */
  statementTimeoutMs: number;
  /**
   * How long a pooled query may wait for any answer (node-postgres's client-side query_timeout); 0 turns
   * it off. statement_timeout is enforced by the server, so it cannot end a wait on a server that hangs.
   */
  queryTimeoutMs: number;
};

/** The part of a pino logger the database layer writes to (Fastify's logger, or the console in CLIs). */
export type DatabaseLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** "host:port" of a connection string, for log lines (never its password). */
export function describeServer(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const socket = url.searchParams.get('host');
    return socket ?? `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    return 'the configured server';
  }
}

/**
 * A pool whose connections time out when the server does not answer (opening one, waiting for a free
 * one, and waiting for a query's answer), carry a statement_timeout, and never take the process down when
 * they drop.
 */
export function createPool(settings: PostgresSettings, log: DatabaseLog): pg.Pool {
  const pool = new pg.Pool({
    connectionString: settings.databaseUrl,
    max: 20,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    query_timeout: settings.queryTimeoutMs || undefined,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  let lastWarning = 0;
  // An idle connection the server closed (restart, failover, network) is dropped from the pool and
  // reported here; without a listener the 'error' event would end the process.
  pool.on('error', (error) => {
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    log.warn(
      { reason: describeFailure(error) },
      'PostgreSQL connection lost; the pool reconnects on the next query',
    );
  });
  // A connection checked out for a transaction can drop between two of its queries: the next query
  // fails and release() discards it. The 'error' event it emits meanwhile must not crash the process.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    dropOnQueryTimeout(client);
  });
  observeWrites(pool);
  return pool;
}

/** What node-postgres rejects a query with when query_timeout passes without an answer. */
export const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * After a query timed out on the client side, its connection still waits for the answer, and every
 * later query on it would queue behind that one (drizzle even hands a transaction's connection back to
 * the pool as it is). It is cut instead: the server ends the statement and rolls its transaction back,
 * and the pool drops the connection (node-postgres cuts one that times out while connecting the same way).
 */
function dropOnQueryTimeout(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const cut = (error: unknown) => {
    if (error instanceof Error && error.message === QUERY_TIMEOUT_MESSAGE) {
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  };
  client.query = ((...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        cut(error);
        callback(error, ...rest);
      };
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(cut);
    return result;
  }) as typeof client.query;
}

const isRead = (text: string) => /^\s*(select|show)\b/i.test(text);

/**
 * Statements run outside a transaction (drizzle sends them to pool.query) record in the request's
 * ledger that they wrote, and tag a lost connection with what it means: nothing was sent when no
 * connection could be made, nothing was saved by a read or by a statement the server answered with
 * an ERROR, and a write whose answer was lost may have been saved.
 */
function observeWrites(pool: pg.Pool) {
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  async function query(config: string | pg.QueryConfig, values?: unknown[]) {
    const write = !isRead(typeof config === 'string' ? config : config.text);
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw markOutcome(error, 'not-committed');
    }
    try {
      const result = await client.query(config, values);
      client.release();
      if (write) noteWrite();
      return result;
    } catch (error) {
      const lost = isDatabaseUnavailable(error);
      client.release(lost ? (error as Error) : undefined);
      const answered = error instanceof pg.DatabaseError && error.severity === 'ERROR';
      if (lost && write && !answered) {
        noteWrite();
        throw markOutcome(error, 'unknown');
      }
      throw markOutcome(error, 'not-committed');
    }
  }
  const observed = (...args: unknown[]) =>
    typeof args.at(-1) === 'function'
      ? original(...args)
      : query(args[0] as string | pg.QueryConfig, args[1] as unknown[] | undefined);
  pool.query = observed as unknown as typeof pool.query;
}

/**
 * Start-up before PostgreSQL is reachable (a container starting beside it, a restart): waits with
 * backoff, saying so, instead of exiting. Any other failure (bad password, missing database) is thrown.
 */
export async function waitForPostgres(pool: pg.Pool, databaseUrl: string, log: DatabaseLog) {
  const where = describeServer(databaseUrl);
  for (let attempt = 0; ; attempt++) {
    try {
      await pool.query('select 1');
      if (attempt > 0) log.info({}, `PostgreSQL at ${where} is reachable`);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delay = Math.min(500 * 2 ** attempt, 10_000);
      log.warn(
        {},
        `waiting for PostgreSQL at ${where} (${describeFailure(error)}); retrying in ${delay / 1000} s`,
      );
      await sleep(delay);
    }
  }
}
