import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const CHANNEL = 'charter_auth_cache';

export type AuthCacheSync = { notify(): Promise<void>; close(): Promise<void> };

/**
 * Several instances on one PostgreSQL: a write on any of them clears every instance's auth cache,
 * through LISTEN/NOTIFY on a connection of its own. (The embedded database has one instance.)
 */
export async function startAuthCacheSync(
  databaseUrl: string,
  onRemoteClear: () => void,
  log: FastifyBaseLogger,
): Promise<AuthCacheSync> {
  const listener = new pg.Client({ connectionString: databaseUrl });
  const publisher = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([listener.connect(), publisher.connect()]);
  listener.on('notification', () => onRemoteClear());
  listener.on('error', (error) => log.error({ err: error }, 'auth cache listener failed'));
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    async notify() {
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, '']);
    },
    async close() {
      await Promise.all([listener.end(), publisher.end()]);
    },
  };
}
