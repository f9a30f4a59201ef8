import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from './client.ts';
import { describeFailure } from './resilience.ts';

/** How often the listening connection proves it is alive; a silently dead one is replaced. */
const PING_MS = 15_000;
const MAX_RETRY_MS = 10_000;

export type PgChannel = { notify(payload?: string): Promise<void>; close(): Promise<void> };

export type PgChannelOptions = {
  databaseUrl: string;
  connectTimeoutMs: number;
  /** Notifications go out through the pool, which reconnects by itself. */
  db: Db;
  /** A PostgreSQL identifier: letters, digits and underscores. */
  channel: string;
  /** A notification from any instance, this one included. */
  onMessage: (payload: string) => void;
  /** Listening (again): whatever was sent while it was not went unheard. */
  onListening: () => void;
  log: FastifyBaseLogger;
};

/**
 * Several instances on one PostgreSQL talk through LISTEN/NOTIFY on a connection of its own (the
 * embedded database has one instance). That connection is replaced whenever it drops, with backoff,
 * and onListening runs once it listens again. Neither side ever throws: what a channel carries must
 * survive a lost notification (the auth cache forgets in 5 s; live events are replayed from the table).
 */
export async function startPgChannel(options: PgChannelOptions): Promise<PgChannel> {
  const { log, channel } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  const LISTEN = `LISTEN ${channel}`;
  let listener: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;
  const dropped = new WeakSet<pg.Client>();

  function drop(client: pg.Client, error?: unknown) {
    if (dropped.has(client)) return;
    dropped.add(client);
    if (listener === client) listener = null;
    client.end().catch(() => undefined);
    if (closed) return;
    if (failures === 0) {
      log.warn(
        { reason: error ? describeFailure(error) : 'ended' },
        `${channel} listener disconnected; reconnecting`,
      );
    }
    if (retry) return;
    const delay = Math.min(250 * 2 ** failures, MAX_RETRY_MS);
    failures++;
    retry = setTimeout(() => {
      retry = null;
      connecting = connect();
    }, delay);
  }

  async function connect() {
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('error', (error) => drop(client, error));
    client.on('end', () => drop(client));
    client.on('notification', (message) => options.onMessage(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(LISTEN);
    } catch (error) {
      drop(client, error);
      return;
    }
    if (closed || dropped.has(client)) {
      dropped.add(client);
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    if (failures > 0) log.info({}, `${channel} listener reconnected`);
    failures = 0;
    options.onListening();
  }

  const ping = setInterval(() => {
    const client = listener;
    if (!client) return;
    const timeout = setTimeout(() => drop(client, new Error(`${channel} listener ping timed out`)), 5000);
    // Repeating LISTEN is harmless, and is what the connection shows as its last query.
    client.query(LISTEN).then(
      () => clearTimeout(timeout),
      (error) => {
        clearTimeout(timeout);
        drop(client, error);
      },
    );
  }, PING_MS);
  ping.unref();

  connecting = connect();
  await connecting;

  return {
    async notify(payload = '') {
      try {
        await options.db.execute(sql`select pg_notify(${channel}, ${payload})`);
      } catch (error) {
        log.warn({ reason: describeFailure(error) }, `${channel} notification not sent`);
      }
    },
    async close() {
      closed = true;
      clearInterval(ping);
      if (retry) clearTimeout(retry);
      await connecting;
      const client = listener;
      listener = null;
      if (client) {
        dropped.add(client);
        await client.end().catch(() => undefined);
      }
    },
  };
}
