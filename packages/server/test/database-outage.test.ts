import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { isDatabaseUnavailable } from '../src/db/resilience.ts';
import { folders } from '../src/db/schema/index.ts';
import { withWriteLedger } from '../src/db/write-ledger.ts';
import { databaseFailure } from '../src/http/database-errors.ts';
import { accountCaller, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

// A PostgreSQL server of this file's own (both CI passes: .ci/run installs it), so it can be stopped;
// instance `a` talks to it directly, instance `b` through a proxy that can cut the network.
const bin = findPostgresBin();
if (!bin) console.warn('database-outage.test.ts skipped: no PostgreSQL binaries in /usr/lib/postgresql');

describe.skipIf(!bin)('PostgreSQL going away', () => {
  let server: PrivatePostgres;
  let proxy: TcpProxy;
  let a: TestApp;
  let b: TestApp;
  const queryTimeoutMs = 1500;
  const proxied = () => `postgres://charter@127.0.0.1:${proxy.port}/postgres`;
  const onA = accountCaller(() => a);
  const onB = accountCaller(() => b);
  const ready = async (t: TestApp) => (await t.app.inject('/api/health/ready')).statusCode;
  // The auth cache listeners: their connections show the LISTEN they repeat as their last query.
  const listening = async () => {
    const { rows } = await a.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where query = 'LISTEN charter_auth_cache'`,
    );
    return rows[0]?.n;
  };

  beforeAll(async () => {
    server = await startPrivatePostgres(bin as string);
    proxy = await startTcpProxy(server.port);
    a = await createTestApp({ databaseUrl: server.url, databaseConnectTimeoutMs: 1000 });
    b = await createTestApp({
      databaseUrl: proxied(),
      databaseConnectTimeoutMs: 1000,
      databaseQueryTimeoutMs: queryTimeoutMs,
    });
  }, 120_000);

  afterAll(async () => {
    // The proxy first: it ends every connection of `b` at once, so closing `b` never waits on a socket
    // that a test left paused or half-cut (this hook timed out in CI once, closing in the other order).
    await proxy?.close();
    // KNOWN HANG, not yet understood: after this file's cuts, `b`'s pool.end() can wait for ever (all
    // of b's other close steps finish; seen on both databases' passes). Bounded here so the rest of the
    // suite runs; the closing note of the stop that added it says what was found.
    await Promise.race([b?.close(), new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await a?.close();
    await server?.destroy();
  }, 120_000);

  it('answers 503 DATABASE_UNAVAILABLE while PostgreSQL is down, stays alive, and recovers by itself', async () => {
    const me = await signedIn(a);
    expect(await ready(a)).toBe(200);
    await server.stop();

    const readiness = await a.app.inject('/api/health/ready');
    expect(readiness.statusCode).toBe(503);
    expect(readiness.headers['retry-after']).toBe('5');
    expect(readiness.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect((await a.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    for (const [method, url, body] of [
      ['GET', '/api/account/storage/folder?path=/', undefined],
      ['POST', '/api/account/storage/folder', { path: '/While down' }],
    ] as const) {
      const res = await onA(me, method, url, body);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
    }

    await server.start();
    await expect.poll(() => ready(a), { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await onA(me, 'POST', '/api/account/storage/folder', { path: '/After' })).status).toBe(201);
    expect((await onA(me, 'GET', '/api/account/storage/folder?path=/While down')).status).toBe(404);
  });

  it('takes the network dropping, and listens for auth cache clears again once it is back', async () => {
    const me = await signedIn(a);
    await expect.poll(listening, { timeout: 15_000, interval: 200 }).toBe(2);
    await proxy.cut();
    await expect.poll(listening, { timeout: 5000, interval: 100 }).toBe(1);
    expect(await ready(b)).toBe(503);

    await proxy.restore();
    await expect.poll(listening, { timeout: 15_000, interval: 200 }).toBe(2);
    expect(await ready(b)).toBe(200);
    // b caches the session, then a logout on a must reach b by notification (the cache lives 5 s).
    const me_ = () => b.app.inject({ url: '/api/account/me', headers: { authorization: me.accountBearer } });
    expect((await me_()).statusCode).toBe(200);
    await a.app.inject({
      method: 'DELETE',
      url: '/api/authn/session',
      headers: { authorization: me.bearer },
    });
    await expect.poll(async () => (await me_()).statusCode, { timeout: 2500, interval: 50 }).toBe(401);
  });

  it('answers 503 within the query timeout when PostgreSQL hangs without answering, and recovers', async () => {
    const me = await signedIn(b);
    expect((await onB(me, 'GET', '/api/account/storage/folder?path=/')).status).toBe(200);
    // Connections stay open and new ones are accepted; nothing comes back. Without a client-side
    // timeout the request would wait for as long as the server hangs (this test's own timeout).
    proxy.pause();
    try {
      const started = Date.now();
      const res = await onB(me, 'POST', '/api/account/storage/folder', { path: '/While hung' });
      const waited = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
      // Within the configured time (a query timeout, or a connect timeout for a new connection),
      // with room for a loaded machine.
      expect(waited).toBeLessThan(3 * queryTimeoutMs);
      expect(await ready(b)).toBe(503);
    } finally {
      proxy.resume();
    }
    await expect.poll(() => ready(b), { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await onB(me, 'GET', '/api/account/storage/folder?path=/While hung')).status).toBe(404);
  });

  describe('a COMMIT whose answer is lost', () => {
    let me: SignedIn;
    const folder = async (t: 'a' | 'b', path: string) =>
      (await (t === 'a' ? onA : onB)(me, 'GET', `/api/account/storage/folder?path=${path}`)).status;

    beforeAll(async () => {
      me = await signedIn(b);
      // Authenticated once, so the next request's only transaction is the write itself.
      expect(await folder('b', '/')).toBe(200);
    });

    it('is reported as done when the server committed it', async () => {
      proxy.cutAtNextCommit('after-commit');
      const res = await onB(me, 'POST', '/api/account/storage/folder', { path: '/Committed' });
      expect(res.status).toBe(201);
      expect(await folder('a', '/Committed')).toBe(200);
    });

    it('is reported as 503 when the server never got it', async () => {
      proxy.cutAtNextCommit('before-commit');
      const res = await onB(me, 'POST', '/api/account/storage/folder', { path: '/Never' });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
      expect(await folder('a', '/Never')).toBe(404);
    });

    it('is 503, not OUTCOME_UNKNOWN, when the request before it only locked rows', async () => {
      const accountId = me.account?.id as number;
      // As a finalize does: its first transaction locks rows (FOR UPDATE, which gives it a transaction
      // id) and saves nothing; the second, which would save, loses its connection before COMMIT.
      const answer = await withWriteLedger(async () => {
        await b.ctx.db.transaction((tx) =>
          tx.select({ id: folders.id }).from(folders).where(eq(folders.accountId, accountId)).for('update'),
        );
        proxy.cutAtNextCommit('before-commit');
        const failure = await b.ctx.db
          .transaction((tx) =>
            tx.insert(folders).values({ accountId, path: '/Locked', parentPath: '/', name: 'Locked' }),
          )
          .then(
            () => null,
            (error: unknown) => error,
          );
        return databaseFailure(failure)?.code;
      });
      expect(answer).toBe('DATABASE_UNAVAILABLE');
      expect(await folder('a', '/Locked')).toBe(404);
    });

    it('is never reported failed when nobody can tell: OUTCOME_UNKNOWN, and it did commit', async () => {
      expect(await folder('b', '/')).toBe(200);
      // The network stays down for the whole check (three connect timeouts).
      proxy.cutAtNextCommit('after-commit', { goDown: true });
      const res = await onB(me, 'POST', '/api/account/storage/folder', { path: '/Unknown' });
      await proxy.restore();
      expect(res.status).toBe(500);
      expect(res.body.code).toBe('OUTCOME_UNKNOWN');
      expect(await folder('a', '/Unknown')).toBe(200);
    });
  });

  it('waits at start for PostgreSQL to come up, saying where', async () => {
    await proxy.cut();
    const lines: string[] = [];
    const log = {
      info: (_: object, line: string) => lines.push(line),
      warn: (_: object, line: string) => lines.push(line),
    };
    const opening = openDatabase({
      databaseUrl: proxied(),
      dataDir: '',
      log,
      databaseConnectTimeoutMs: 1000,
    });
    await expect.poll(() => lines.length, { timeout: 5000, interval: 50 }).toBeGreaterThan(1);
    expect(lines[0]).toBe(
      `waiting for PostgreSQL at 127.0.0.1:${proxy.port} (connect ECONNREFUSED 127.0.0.1:${proxy.port}); retrying in 0.5 s`,
    );
    await proxy.restore();
    const database = await opening;
    expect(lines.at(-1)).toBe(`PostgreSQL at 127.0.0.1:${proxy.port} is reachable`);
    await database.close();
  });

  it('cancels a statement that runs past the statement timeout', async () => {
    const database = await openDatabase({
      databaseUrl: server.url,
      dataDir: '',
      databaseStatementTimeoutMs: 200,
    });
    try {
      const failure = await database.db.execute(sql`select pg_sleep(2)`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect((failure as { cause?: { code?: string } }).cause?.code).toBe('57014');
    } finally {
      await database.close();
    }
  });
});
