import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LiveMessage } from '@charter/domain';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashPassword } from '../src/adapters/passwords.ts';
import { openDatabase } from '../src/db/client.ts';
import { rooms, users } from '../src/db/schema/index.ts';
import { createAccount } from '../src/modules/accounts/create-account.ts';
import { codeHash, deriveCode } from '../src/modules/rooms/link-codes.ts';
import { basic, type Json } from './factories.ts';
import { eventually } from './support/eventually.ts';
import { findPgBouncer, type PrivatePgBouncer, startPgBouncer } from './support/private-pgbouncer.ts';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const bin = findPostgresBin();
const bouncer = findPgBouncer();
if (!bin || !bouncer) console.warn('failover.test.ts skipped: no PostgreSQL binaries or no pgbouncer');

const PASSWORD = 'correct horse battery staple 42';
const LINK_SECRET = randomBytes(32).toString('base64url');
const STANDBY = 'charter_standby';
/** The README's primary: a commit is acknowledged only once the standby has it. */
const SYNCHRONOUS = {
  wal_level: 'replica',
  max_wal_senders: '4',
  synchronous_commit: 'on',
  synchronous_standby_names: STANDBY,
};

let primary: PrivatePostgres | undefined;
let standby: PrivatePostgres | undefined;
let pooler: PrivatePgBouncer | undefined;
/** DATABASE_LISTEN_URL's host: the stand-in for a DNS name or virtual IP that follows the primary. */
let direct: TcpProxy | undefined;
let server: ServerProcess | undefined;
/** The second failover's standby, and the proxy its replication goes through (so it can be held). */
let second: PrivatePostgres | undefined;
let replication: TcpProxy | undefined;
let dataDir = '';
let ws: WebSocket | undefined;
let owner: { accountId: number; access: string; roomCode: string };

/** One query on a connection of its own, straight to a PostgreSQL server (not through Charter). */
async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${server?.url}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Json };
}

/** A user with a workspace and a room with a link code, made on the primary before Charter starts. */
async function seed(url: string) {
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: '',
    log: { info: () => undefined, warn: () => undefined },
  });
  try {
    await database.migrate();
    const email = `failover-${randomUUID()}@example.com`;
    const [user] = await database.db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Fail',
        familyName: 'Over',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const account = await createAccount(database.db, {
      userId: user.id,
      company_name: 'Failover, Inc.',
      features: [{ feature_type_id: 881, value: 'For-profit Company' }],
    });
    const [room] = await database.db
      .insert(rooms)
      .values({ accountId: account.id, label: 'Kestrel Room', type: 'data-room', open: true, codeHash: 'x' })
      .returning();
    const roomCode = deriveCode(LINK_SECRET, 'room', room.id, room.codeGeneration);
    await database.db
      .update(rooms)
      .set({ codeHash: codeHash(roomCode) })
      .where(eq(rooms.id, room.id));
    return { email, accountId: account.id, roomCode };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  if (!bin || !bouncer) return;
  primary = await startPrivatePostgres(bin, { settings: SYNCHRONOUS });
  // The standby runs without synchronous_standby_names: once promoted it is alone, and a primary
  // waiting for a standby that is not there would hold every commit.
  standby = await startPrivatePostgres(bin, { standbyOf: { port: primary.port, name: STANDBY } });
  const primaryUrl = primary.url;
  await eventually(
    () => query<{ sync_state: string }>(primaryUrl, 'select sync_state from pg_stat_replication'),
    (rows) => rows.some((row) => row.sync_state === 'sync'),
  );
  // Behind PgBouncer the statement timeout is the role's (README); the standby has the role too. (A
  // commit before the standby is there would wait for it.)
  await query(primary.url, `alter role charter set statement_timeout = '30s'`);
  pooler = await startPgBouncer(bouncer, primary.port);
  direct = await startTcpProxy(primary.port);
  const seeded = await seed(primary.url);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-failover-'));
  server = await startServerProcess({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: pooler.url,
      DATABASE_LISTEN_URL: `postgres://charter@127.0.0.1:${direct.port}/postgres`,
      LINK_SECRET,
    },
  });
  const session = await call('POST', '/api/authn/session/credentials', {
    authorization: basic(seeded.email, PASSWORD),
  });
  const access = await call(
    'POST',
    '/api/authn/access_token',
    { authorization: `Bearer ${session.body.id_token}` },
    { account_id: seeded.accountId },
  );
  expect(access.status).toBe(200);
  owner = { accountId: seeded.accountId, access: access.body.access_token, roomCode: seeded.roomCode };
}, 120_000);

/** Each stop is bounded, so a hang here cannot leave a server running. */
const bounded = (stop: Promise<unknown> | undefined) =>
  Promise.race([stop?.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 15_000))]);

afterAll(async () => {
  ws?.close();
  await bounded(server?.stop());
  await bounded(pooler?.stop());
  await bounded(direct?.close());
  await bounded(replication?.close());
  await bounded(primary?.destroy());
  await bounded(standby?.destroy());
  await bounded(second?.destroy());
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 90_000);

describe.skipIf(!bin || !bouncer)('failover to a synchronous standby behind PgBouncer', () => {
  it('answers 503 during the switch, loses nothing acknowledged, and serves again without a restart', async () => {
    if (!primary || !standby || !pooler || !direct || !server) throw new Error('not set up');
    const bearer = { authorization: `Bearer ${owner.access}` };
    const pid = server.child.pid;

    const messages: LiveMessage[] = [];
    ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws?access_token=${owner.access}`, {
      origin: server.url,
    });
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await eventually(
      () => messages.map((m) => m.kind),
      (kinds) => kinds.includes('hello'),
    );

    // Writers: each creates folders one after another and keeps every path that was acknowledged.
    const acknowledged: string[] = [];
    const failures: { status: number; code: string }[] = [];
    let promoted = false;
    let sincePromotion = 0;
    let stopped = false;
    const writer = async (n: number) => {
      for (let i = 0; !stopped; i++) {
        const folder = `/Writer ${n} ${i}`;
        const res = await call('POST', '/api/account/storage/folder', bearer, { path: folder });
        if (res.status === 201) {
          acknowledged.push(folder);
          if (promoted) sincePromotion++;
        } else {
          failures.push({ status: res.status, code: res.body.code });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    try {
      await eventually(
        () => acknowledged.length,
        (n) => n >= 20,
      );
      expect(failures).toEqual([]);

      // The primary's machine dies; the standby is promoted; PgBouncer and the direct connection's
      // address move to it (what a failover manager such as Patroni or pg_auto_failover does).
      primary.kill();
      await standby.promote();
      pooler.repoint(standby.port);
      direct.retarget(standby.port);
      promoted = true;
      await eventually(
        () => sincePromotion,
        (n) => n >= 20,
        30_000,
      );
    } finally {
      stopped = true;
      await Promise.all(writers);
    }

    // Requests during the switch waited for the new primary, or were refused as "nothing was saved, try
    // again" (how many of each depends on when PgBouncer tried the dead server), never failed with a 500.
    expect(failures.filter((f) => f.status !== 503 || f.code !== 'DATABASE_UNAVAILABLE')).toEqual([]);
    // Every acknowledged folder is on the new primary.
    const saved = await query<{ path: string }>(
      standby.url,
      'select path from folders where account_id = $1',
      [owner.accountId],
    );
    const paths = new Set(saved.map((row) => row.path));
    expect(acknowledged.filter((folder) => !paths.has(folder))).toEqual([]);
    // The same Charter process throughout.
    expect(server.child.exitCode).toBeNull();
    expect(server.child.pid).toBe(pid);

    // Its LISTEN connection found the new primary: a live event raised now reaches the socket.
    const standbyUrl = standby.url;
    await eventually(
      () =>
        query<{ n: number }>(
          standbyUrl,
          `select count(*)::int as n from pg_stat_activity where query = 'LISTEN charter_live'`,
        ),
      (rows) => rows[0]?.n === 1,
    );
    const visit = await call('GET', `/api/guest/rooms/${owner.roomCode}?visit=1`, {
      'x-room-visitor-key': randomBytes(16).toString('base64url'),
    });
    expect(visit.status).toBe(200);
    await eventually(
      () => messages.flatMap((m) => (m.kind === 'event' && m.event.type === 'toast' ? [m.event] : [])),
      (toasts) => toasts.some((t) => t.type === 'toast' && t.toast.message.includes('Kestrel Room')),
      10_000,
    );
  }, 120_000);

  it('a second failover, whose COMMIT in flight never reached the standby: 503, never a false 201', async () => {
    if (!standby || !pooler || !direct || !server || !bin) throw new Error('not set up');
    const bearer = { authorization: `Bearer ${owner.access}` };
    const current = standby;
    // The promoted standby gets a synchronous standby of its own, its replication through a proxy.
    replication = await startTcpProxy(current.port);
    second = await startPrivatePostgres(bin, { standbyOf: { port: replication.port, name: STANDBY } });
    await query(current.url, `alter system set synchronous_standby_names = '${STANDBY}'`);
    await query(current.url, 'select pg_reload_conf()');
    await eventually(
      () => query<{ sync_state: string }>(current.url, 'select sync_state from pg_stat_replication'),
      (rows) => rows.some((row) => row.sync_state === 'sync'),
    );
    expect((await call('POST', '/api/account/storage/folder', bearer, { path: '/Before' })).status).toBe(201);

    // The standby hears nothing more: the next COMMIT waits for it, with its writes only on the primary.
    replication.pause();
    const answer = call('POST', '/api/account/storage/folder', bearer, { path: '/In doubt' });
    // Waiting for the standby: this request's transaction (and any background write that came along).
    const waiting = await eventually(
      () =>
        query<{ xid: string }>(
          current.url,
          `select backend_xid::text as xid from pg_stat_activity where wait_event = 'SyncRep'`,
        ),
      (rows) => rows.length > 0,
    );
    const last = waiting.reduce((max, row) => (BigInt(row.xid) > max ? BigInt(row.xid) : max), 0n);
    await replication.cut();
    current.kill();
    await second.promote();
    // The new primary hands out the transaction ids it never saw used: the one in doubt goes to a
    // transaction that commits (the epoch is still 0 on a new cluster, so 32 and 64 bits agree).
    const secondUrl = second.url;
    await eventually(
      () => query<{ xid: string }>(secondUrl, 'select txid_current()::text as xid'),
      (rows) => BigInt(rows[0].xid) >= last,
      10_000,
    );
    pooler.repoint(second.port);
    direct.retarget(second.port);

    const res = await answer;
    const saved = await query(
      secondUrl,
      `select 1 from folders where account_id = $1 and path = '/In doubt'`,
      [owner.accountId],
    );
    // Asked only "did transaction N commit?", the new primary would say yes (for another transaction).
    expect({ status: res.status, code: res.body.code, saved: saved.length }).toEqual({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      saved: 0,
    });
    await eventually(
      async () => (await call('POST', '/api/account/storage/folder', bearer, { path: '/In doubt' })).status,
      (status) => status === 201,
    );
    expect(server.child.exitCode).toBeNull();
  }, 90_000);
});
