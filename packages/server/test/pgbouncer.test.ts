import type { LiveMessage } from '@charter/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { basic, createUser, login, PASSWORD, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { findPgBouncer, type PrivatePgBouncer, startPgBouncer } from './support/private-pgbouncer.ts';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.ts';
import { insertCodedRoom, newVisitorKey, roomGuestHeaders } from './support/rooms.ts';

const bin = findPostgresBin();
const bouncer = findPgBouncer();
if (!bin || !bouncer) console.warn('pgbouncer.test.ts skipped: no PostgreSQL binaries or no pgbouncer');

let postgres: PrivatePostgres;
let pooler: PrivatePgBouncer;
/** Two instances whose queries go through PgBouncer, each listening on a direct connection of its own. */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  if (!bin || !bouncer) return;
  postgres = await startPrivatePostgres(bin);
  // The README's advice: PgBouncer drops the statement_timeout sent at connection start, the role keeps it.
  const direct = new pg.Client({ connectionString: postgres.url });
  await direct.connect();
  await direct.query(`alter role charter set statement_timeout = '30s'`);
  await direct.end();
  pooler = await startPgBouncer(bouncer, postgres.port);
  const through = { databaseUrl: pooler.url, databaseListenUrl: postgres.url, authEmailAttempts: 2 };
  a = await createTestApp(through);
  b = await createTestApp(through);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await pooler?.stop();
  await postgres?.destroy();
}, 30_000);

describe.skipIf(!bin || !bouncer)('PostgreSQL through PgBouncer in transaction pooling', () => {
  it('migrates on the direct connection: no advisory lock is left on a pooled server connection', async () => {
    // Taken through the pooler, the migration lock would stay with whichever server connection ran it,
    // and the next instance to start would wait on it for ever (or until a statement timeout).
    const direct = new pg.Client({ connectionString: postgres.url });
    await direct.connect();
    try {
      const { rows } = await direct.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory'`,
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await direct.end();
    }
  });

  it('signs in on one instance and serves the session on the other', async () => {
    const { email } = await createUser(a);
    const { idToken } = await login(a, email, PASSWORD);
    const profile = await b.app.inject({
      url: '/api/user/settings/profile',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(email);
  });

  it('counts password guesses across instances in the shared table', async () => {
    const { email } = await createUser(a);
    const guess = (t: TestApp, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authn/session/credentials',
        headers: { authorization: basic(email, password) },
      });
    expect((await guess(a, 'wrong password')).statusCode).toBe(401);
    expect((await guess(b, 'wrong password')).statusCode).toBe(401);
    expect((await guess(a, PASSWORD)).statusCode).toBe(429);
    expect((await guess(b, PASSWORD)).statusCode).toBe(429);
  });

  it('runs a queued job (claimed with SKIP LOCKED in a transaction)', async () => {
    const { email } = await createUser(a);
    const forgot = await a.app.inject({
      method: 'PATCH',
      url: '/api/public/user/password/forgot',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(200);
    expect(await a.mailTo(email)).toHaveLength(1);
  });

  it('a live event raised on one instance reaches a socket on the other (LISTEN on DATABASE_LISTEN_URL)', async () => {
    const owner = await signedIn(a);
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const messages: LiveMessage[] = [];
    const ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws?access_token=${owner.access}`, {
      origin: 'http://localhost:3000',
    });
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await until(() => messages.some((m) => m.kind === 'hello'));

    const { code } = await insertCodedRoom(a, owner.account!.id, { open: true, label: 'Heron Room' });
    const visit = await a.app.inject({
      url: `/api/guest/rooms/${code}?visit=1`,
      headers: roomGuestHeaders({ key: newVisitorKey() }),
    });
    expect(visit.statusCode).toBe(200);
    await until(() =>
      messages.some(
        (m) => m.kind === 'event' && m.event.type === 'toast' && m.event.toast.message.includes('Heron Room'),
      ),
    );
    ws.close();
  });

  it('keeps the statement timeout, set on the role', async () => {
    const { rows } = await a.ctx.db.execute<{ timeout: string }>(
      sql`select current_setting('statement_timeout') as timeout`,
    );
    expect(rows[0].timeout).toBe('30s');
  });
});

async function until(check: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
