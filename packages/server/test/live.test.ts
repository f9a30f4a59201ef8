import type { LiveEvent, LiveMessage } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { accounts, type LiveAudience, memberships } from '../src/db/schema/index.ts';
import {
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_MANY,
  MAX_SOCKETS_PER_SESSION,
} from '../src/modules/live/live-hub.ts';
import { publishEvents } from '../src/modules/live/publish-event.ts';
import { accessToken, createUser, login, type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
});
afterAll(() => t.close());

type Socket = {
  ws: WebSocket;
  messages: LiveMessage[];
  /** Resolves with the next messages until `count` have arrived in all. */
  until(count: number): Promise<LiveMessage[]>;
  closed: Promise<number>;
};

function open(token: string, extra: { since?: number; origin?: string } = {}): Promise<Socket> {
  const query = new URLSearchParams({ access_token: token });
  if (extra.since !== undefined) query.set('since', String(extra.since));
  const ws = new WebSocket(`${base}/api/ws?${query}`, { origin: extra.origin ?? 'http://localhost:3000' });
  const messages: LiveMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const until = async (count: number) => {
    const deadline = Date.now() + 5000;
    while (messages.length < count) {
      if (Date.now() > deadline) throw new Error(`had ${JSON.stringify(messages)}, waited for ${count}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return messages;
  };
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () => resolve({ ws, messages, until, closed }));
  });
}

const toast = (message: string): LiveEvent => ({ type: 'toast', toast: { type: 'info', message } });

async function publish(accountId: number, event: LiveEvent, audience?: LiveAudience) {
  return t.ctx.db.transaction((tx) => publishEvents({ tx, accountId, events: [event], audience }));
}

/** A second member of `owner`'s workspace, signed in there. */
async function addMember(owner: SignedIn, options: { admin?: boolean } = {}) {
  const other = await createUser(t, { company: null });
  await t.ctx.db
    .insert(memberships)
    .values({ userId: other.user.id, accountId: owner.account!.id, isAdmin: options.admin ?? false });
  const { idToken } = await login(t, other.email, other.password!);
  return { ...other, idToken, access: await accessToken(t, idToken, owner.account!.id) };
}

/** A workspace's owner and a second member, each with a socket past its hello. */
async function ownerAndMemberOnline() {
  const owner = await signedIn(t);
  const member = await addMember(owner);
  const [ownerSocket, memberSocket] = await Promise.all([open(owner.access), open(member.access)]);
  await Promise.all([ownerSocket.until(1), memberSocket.until(1)]);
  return { owner, member, ownerSocket, memberSocket };
}

describe('the live channel (/api/ws)', () => {
  it('greets with the sequence number and delivers an event once it is committed', async () => {
    const me = await signedIn(t);
    const socket = await open(me.access);
    expect((await socket.until(1))[0]).toEqual({ kind: 'hello', seq: 0 });
    // Rolled back: never announced.
    await t.ctx.db
      .transaction(async (tx) => {
        await publishEvents({ tx, accountId: me.account!.id, events: [toast('never')] });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const seq = await publish(me.account!.id, { type: 'refresh_timeline', transaction_id: 12 });
    expect(seq).toBe(1);
    expect((await socket.until(2))[1]).toEqual({
      kind: 'event',
      seq: 1,
      event: { type: 'refresh_timeline', transaction_id: 12 },
    });
    socket.ws.close();
  });

  it('holds at most MAX_SOCKETS_PER_SESSION sockets for one sign-in; another sign-in is not affected', async () => {
    const me = await signedIn(t);
    const sockets = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_SESSION }, () => open(me.access)));
    await Promise.all(sockets.map((socket) => socket.until(1)));
    const extra = await open(me.access);
    expect(await extra.closed).toBe(CLOSE_TOO_MANY);
    expect(extra.messages).toEqual([]);
    const other = await open((await signedIn(t)).access);
    expect((await other.until(1))[0].kind).toBe('hello');
    for (const socket of [...sockets, other]) socket.ws.close();
  });

  it('refuses a bad token and a foreign page before the upgrade, and answers 400 without a token', async () => {
    const me = await signedIn(t);
    await expect(open('not-a-token')).rejects.toThrow('refused with 401');
    await expect(open(me.access, { origin: 'https://evil.example' })).rejects.toThrow('refused with 403');
    await expect(open(me.idToken)).rejects.toThrow('refused with 401');
    const plain = await t.app.inject({ url: '/api/ws' });
    expect(plain.statusCode).toBe(400);
  });

  it("never sends a workspace's events to another workspace's sockets", async () => {
    const me = await signedIn(t);
    const stranger = await signedIn(t);
    const mine = await open(me.access);
    const theirs = await open(stranger.access);
    await mine.until(1);
    await theirs.until(1);
    await publish(me.account!.id, toast('for me'));
    await publish(stranger.account!.id, toast('for them'));
    await mine.until(2);
    await theirs.until(2);
    expect(mine.messages.slice(1)).toEqual([{ kind: 'event', seq: 1, event: toast('for me') }]);
    expect(theirs.messages.slice(1)).toEqual([{ kind: 'event', seq: 1, event: toast('for them') }]);
    mine.ws.close();
    theirs.ws.close();
  });

  it("checks each event's audience when sending: admins, named users, restricted modules", async () => {
    const { owner, member, ownerSocket, memberSocket } = await ownerAndMemberOnline();
    const accountId = owner.account!.id;
    await publish(accountId, toast('admins'), { adminsOnly: true });
    await publish(accountId, toast('member only'), { userIds: [member.user.id] });
    await publish(accountId, toast('module 2'), { taskModuleId: 2 });
    await ownerSocket.until(3);
    await memberSocket.until(3);
    expect(ownerSocket.messages.slice(1).map((m) => m.kind === 'event' && m.event)).toEqual([
      toast('admins'),
      toast('module 2'),
    ]);
    expect(memberSocket.messages.slice(1).map((m) => m.kind === 'event' && m.event)).toEqual([
      toast('member only'),
      toast('module 2'),
    ]);
    // The workspace becomes restricted (role 3): module 2 events stop, module 4 ones still arrive.
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, accountId));
    t.ctx.live.recheckSessions();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await publish(accountId, toast('module 2 again'), { taskModuleId: 2 });
    await publish(accountId, toast('module 4'), { taskModuleId: 4 });
    await ownerSocket.until(4);
    expect(ownerSocket.messages.slice(3)).toEqual([{ kind: 'event', seq: 5, event: toast('module 4') }]);
    ownerSocket.ws.close();
    memberSocket.ws.close();
  });

  it("sends a cabinet document's events only to members who may use the cabinet", async () => {
    const { owner, member, ownerSocket, memberSocket } = await ownerAndMemberOnline();
    await t.ctx.db
      .update(memberships)
      .set({ filecabinetAccess: false })
      .where(eq(memberships.userId, member.user.id));
    t.ctx.live.recheckSessions();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await publish(owner.account!.id, toast('cabinet'), { cabinetOnly: true });
    await publish(owner.account!.id, toast('everyone'));
    await ownerSocket.until(3);
    await memberSocket.until(2);
    expect(ownerSocket.messages.slice(1).map((m) => m.kind === 'event' && m.event)).toEqual([
      toast('cabinet'),
      toast('everyone'),
    ]);
    expect(memberSocket.messages.slice(1).map((m) => m.kind === 'event' && m.event)).toEqual([
      toast('everyone'),
    ]);
    ownerSocket.ws.close();
    memberSocket.ws.close();
  });

  it('delivers every event of a transaction that published more than a page of them', async () => {
    const me = await signedIn(t);
    const socket = await open(me.access);
    await socket.until(1);
    await t.ctx.db.transaction(async (tx) => {
      for (let n = 1; n <= 520; n++) {
        await publishEvents({ tx, accountId: me.account!.id, events: [toast(`bulk ${n}`)] });
      }
    });
    const messages = await socket.until(521);
    expect(messages.at(-1)).toEqual({ kind: 'event', seq: 520, event: toast('bulk 520') });
    socket.ws.close();
  });

  it('replays what a reconnecting client missed, in order, before its hello; a reset when too much', async () => {
    const me = await signedIn(t);
    const accountId = me.account!.id;
    for (const n of [1, 2, 3]) await publish(accountId, toast(`missed ${n}`));
    const socket = await open(me.access, { since: 1 });
    expect(await socket.until(3)).toEqual([
      { kind: 'event', seq: 2, event: toast('missed 2') },
      { kind: 'event', seq: 3, event: toast('missed 3') },
      { kind: 'hello', seq: 3 },
    ]);
    socket.ws.close();
    // Events older than the kept window are gone: the client is told to reload.
    await t.ctx.db.execute(`delete from live_events where account_id = ${accountId} and seq = 2`);
    const again = await open(me.access, { since: 1 });
    expect(await again.until(2)).toEqual([
      { kind: 'reset', seq: 3 },
      { kind: 'hello', seq: 3 },
    ]);
    again.ws.close();
  });

  it('closes a socket whose session ends or whose membership is removed', async () => {
    const { owner, member, ownerSocket, memberSocket } = await ownerAndMemberOnline();
    await t.ctx.db
      .delete(memberships)
      .where(and(eq(memberships.userId, member.user.id), eq(memberships.accountId, owner.account!.id)));
    // Sign-out is a write through the API: it clears the caches, which re-checks every socket.
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/authn/session',
      cookies: { charter_session: owner.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await memberSocket.closed).toBe(CLOSE_SESSION_ENDED);
    expect(await ownerSocket.closed).toBe(CLOSE_SESSION_ENDED);
    expect(t.ctx.live.socketCount).toBe(0);
  });
});

// Two server instances share one PostgreSQL server; the embedded database has a single instance.
describe.skipIf(!process.env.DATABASE_URL)('the live channel across instances', () => {
  let other: TestApp;
  let otherBase: string;
  beforeAll(async () => {
    other = await createTestApp();
    otherBase = (await other.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(() => other.close());

  it('an event committed on one instance reaches a socket on the other', async () => {
    const me = await signedIn(t);
    const ws = new WebSocket(`${otherBase}/api/ws?access_token=${me.access}`);
    const messages: LiveMessage[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await expect.poll(() => messages.length, { timeout: 5000 }).toBe(1);
    await publish(me.account!.id, toast('from the first instance'));
    await expect.poll(() => messages.length, { timeout: 5000 }).toBe(2);
    expect(messages[1]).toEqual({ kind: 'event', seq: 1, event: toast('from the first instance') });
    ws.close();
  });
});
