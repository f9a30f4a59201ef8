import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LiveMessage } from '@charter/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashPassword } from '../src/adapters/passwords.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { jobs, rooms, users } from '../src/db/schema/index.ts';
import { createAccount } from '../src/modules/accounts/create-account.ts';
import { codeHash, deriveCode } from '../src/modules/rooms/link-codes.ts';
import { basic } from './factories.ts';
import { eventually } from './support/eventually.ts';
import {
  findPostgresBin,
  freePort,
  type PrivatePostgres,
  startPrivatePostgres,
} from './support/private-postgres.ts';
import { BACKEND_HEADER, type RoundRobinProxy, startRoundRobinProxy } from './support/round-robin-proxy.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

const bin = findPostgresBin();
if (!bin) console.warn('several-instances.test.ts skipped: no PostgreSQL binaries in /usr/lib/postgresql');

const PASSWORD = 'correct horse battery staple 42';
/** What the README says instances behind one load balancer must share, besides the database. */
const LINK_SECRET = randomBytes(32).toString('base64url');
const EMAIL_ATTEMPTS = 3;
const ROUTE_LIMIT = 12;

type Instance = { dataDir: string; server: ServerProcess | null };

let pg: PrivatePostgres;
let proxy: RoundRobinProxy;
let database: Database;
const instances: Instance[] = [];

/** Charter as in production (main.ts in a process of its own), on the shared PostgreSQL, behind the proxy. */
async function startInstance(port: number): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-instance-'));
  const instance: Instance = { dataDir, server: null };
  instances.push(instance);
  instance.server = await startServerProcess({
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      PUBLIC_URL: proxy.url,
      LINK_SECRET,
      AUTH_RATE_LIMIT: String(ROUTE_LIMIT),
      AUTH_EMAIL_ATTEMPTS: String(EMAIL_ATTEMPTS),
      CHECK_RESPONSES: 'true',
    },
  });
  return instance;
}

async function stopInstance({ server, dataDir }: Instance) {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

beforeAll(async () => {
  if (!bin) return;
  pg = await startPrivatePostgres(bin);
  const ports = [await freePort(), await freePort()];
  proxy = await startRoundRobinProxy(await freePort(), ports);
  database = await openDatabase({
    databaseUrl: pg.url,
    dataDir: '',
    log: { info: () => undefined, warn: () => undefined },
  });
  // Migrated here, so the two start at once without racing to migrate (that race is the migration lock's
  // test); they still race to make the first signing key, which both must then share.
  await database.migrate();
  await Promise.all(ports.map(startInstance));
}, 200_000);

afterAll(async () => {
  await Promise.all(instances.map(stopInstance));
  await proxy?.close();
  await database?.close();
  await pg?.destroy();
}, 30_000);

/** A request through the proxy: its status, JSON body and the instance that answered it. */
async function call(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
) {
  const response = await fetch(`${proxy.url}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    // biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in assertions
    body: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, any>,
    backend: Number(response.headers.get(BACKEND_HEADER)),
  };
}

async function createUser(withWorkspace: boolean) {
  const email = `user-${randomUUID()}@example.com`;
  const [user] = await database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Test',
      familyName: 'User',
      emailVerifiedAt: new Date(),
    })
    .returning();
  const account = withWorkspace
    ? await createAccount(database.db, {
        userId: user.id,
        company_name: 'Several Instances, Inc.',
        features: [{ feature_type_id: 881, value: 'For-profit Company' }],
      })
    : null;
  return { user, account, email };
}

const signIn = (email: string, password: string) =>
  call('POST', '/api/authn/session/credentials', { headers: { authorization: basic(email, password) } });

describe.skipIf(!bin)('two instances on one PostgreSQL behind a round-robin proxy', () => {
  it('a session made through one instance works on the other', async () => {
    const { email, account } = await createUser(true);
    const session = await signIn(email, PASSWORD);
    expect(session.status).toBe(200);
    const bearer = { authorization: `Bearer ${session.body.id_token}` };
    const first = await call('GET', '/api/user/settings/profile', { headers: bearer });
    const second = await call('GET', '/api/user/settings/profile', { headers: bearer });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.email).toBe(email);
    expect(new Set([session.backend, first.backend, second.backend])).toEqual(new Set([0, 1]));
    const access = await call('POST', '/api/authn/access_token', {
      headers: bearer,
      body: { account_id: account?.id },
    });
    expect(access.status).toBe(200);

    // Signing out through one instance ends the session on both.
    const out = await call('DELETE', '/api/authn/session', { headers: bearer });
    expect(out.status).toBe(204);
    const after = [
      await call('GET', '/api/user/settings/profile', { headers: bearer }),
      await call('GET', '/api/user/settings/profile', { headers: bearer }),
    ];
    expect(after.map((r) => r.status)).toEqual([401, 401]);
    expect(new Set(after.map((r) => r.backend))).toEqual(new Set([0, 1]));
  });

  it('a live event raised by a request on one instance reaches a socket on the other', async () => {
    const { email, account } = await createUser(true);
    const session = await signIn(email, PASSWORD);
    const access = await call('POST', '/api/authn/access_token', {
      headers: { authorization: `Bearer ${session.body.id_token}` },
      body: { account_id: account?.id },
    });
    const [room] = await database.db
      .insert(rooms)
      .values({
        accountId: account!.id,
        label: 'Falcon Room',
        type: 'data-room',
        open: true,
        codeHash: 'pending',
      })
      .returning();
    // The code as the instances derive it: under the LINK_SECRET they share.
    const code = deriveCode(LINK_SECRET, 'room', room.id, room.codeGeneration);
    await database.db
      .update(rooms)
      .set({ codeHash: codeHash(code) })
      .where(eq(rooms.id, room.id));

    const messages: LiveMessage[] = [];
    const ws = new WebSocket(
      `${proxy.url.replace('http', 'ws')}/api/ws?access_token=${access.body.access_token}`,
      { origin: proxy.url },
    );
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await eventually(
      async () => messages.map((m) => m.kind),
      (kinds) => kinds.includes('hello'),
    );
    const socketOn = proxy.upgrades.at(-1);

    const visit = await call('GET', `/api/guest/rooms/${code}?visit=1`, {
      headers: { 'x-room-visitor-key': randomBytes(16).toString('base64url') },
    });
    expect(visit.status).toBe(200);
    expect(visit.backend).not.toBe(socketOn);
    const events = await eventually(
      async () => messages.flatMap((m) => (m.kind === 'event' ? [m.event] : [])),
      (found) => found.some((e) => e.type === 'toast'),
    );
    expect(events.find((e) => e.type === 'toast')).toMatchObject({
      toast: { message: expect.stringContaining('Falcon Room') },
    });
    ws.close();
  });

  it('a queued job runs once, on one instance or the other', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(false)));
    const answers = [];
    for (const { email } of people) {
      answers.push(await call('PATCH', '/api/public/user/password/forgot', { body: { email } }));
    }
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    expect(new Set(answers.map((a) => a.backend))).toEqual(new Set([0, 1]));
    // Every reset mail sent (mail jobs are deleted once sent), then each one found in exactly one outbox.
    await eventually(
      () =>
        database.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(inArray(jobs.status, ['queued', 'running'])),
      (left) => left.length === 0,
    );
    const sent = instances.flatMap(({ dataDir }) => {
      const outbox = path.join(dataDir, 'outbox');
      if (!fs.existsSync(outbox)) return [];
      return fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
    });
    for (const { email } of people) {
      expect(sent.filter((mail) => mail.includes(email))).toHaveLength(1);
    }
  });

  it('password guesses at one account are counted across both instances', async () => {
    const victim = await createUser(false);
    const guesses = [];
    for (let i = 0; i < EMAIL_ATTEMPTS; i++) guesses.push(await signIn(victim.email, 'wrong password'));
    expect(guesses.map((g) => g.status)).toEqual([401, 401, 401]);
    expect(new Set(guesses.map((g) => g.backend))).toEqual(new Set([0, 1]));
    // The (max+1)th guess is refused whichever instance takes it, before any password is checked.
    const refused = [await signIn(victim.email, PASSWORD), await signIn(victim.email, PASSWORD)];
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    expect(refused.map((r) => r.body.code)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    expect(new Set(refused.map((r) => r.backend))).toEqual(new Set([0, 1]));
  });

  it("a route's limit per client address is counted across both instances", async () => {
    const check = () =>
      call('GET', '/api/public/auth/check-password', { headers: { authorization: basic('', PASSWORD) } });
    const allowed = [];
    for (let i = 0; i < ROUTE_LIMIT; i++) allowed.push(await check());
    expect(allowed.map((a) => a.status)).toEqual(allowed.map(() => 200));
    const refused = [await check(), await check()];
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    expect(new Set(refused.map((r) => r.backend))).toEqual(new Set([0, 1]));
  });
});
