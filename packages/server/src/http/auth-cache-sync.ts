import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { describeFailure } from '../db/resilience.ts';

const CHANNEL = 'charter_auth_cache';
const LISTEN = `LISTEN ${CHANNEL}`;
/** How often the listening connection proves it is alive; a silently dead one is replaced. */
const PING_MS = 15_000;
const MAX_RETRY_MS = 10_000;

export type AuthCacheSync = { notify(): Promise<void>; close(): Promise<void> };

export type AuthCacheSyncOptions = {
  databaseUrl: string;
  connectTimeoutMs: number;
  /** Notifications go out through the pool, which reconnects by itself. */
  db: Db;
  onRemoteClear: () => void;
  log: FastifyBaseLogger;
};

/**
 * Several instances on one PostgreSQL: a write on any of them clears every instance's auth cache,
 * through LISTEN/NOTIFY on a connection of its own. (The embedded database has one instance.)
 * That connection is replaced whenever it drops, with backoff, and the cache is cleared once it
 * listens again, since writes made meanwhile went unheard. Neither side ever throws: a cache
 * entry lives 5 seconds at most anyway (auth-cache.ts).
 */
export async function startAuthCacheSync(options: AuthCacheSyncOptions): Promise<AuthCacheSync> {
  const { log } = options;
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
        'auth cache listener disconnected; reconnecting',
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
    client.on('notification', () => options.onRemoteClear());
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
    if (failures > 0) log.info({}, 'auth cache listener reconnected');
    failures = 0;
    options.onRemoteClear();
  }

  const ping = setInterval(() => {
    const client = listener;
    if (!client) return;
    const timeout = setTimeout(() => drop(client, new Error('auth cache listener ping timed out')), 5000);
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
    async notify() {
      try {
        await options.db.execute(sql`select pg_notify(${CHANNEL}, '')`);
      } catch (error) {
        log.warn(
          { reason: describeFailure(error) },
          'auth cache notification not sent; other instances forget within 5 s',
        );
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
