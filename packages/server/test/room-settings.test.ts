import { ROOM_ADMIN_MESSAGES, ROOM_MESSAGES, ROOM_SETTINGS_MESSAGES } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../src/adapters/secrets.ts';
import {
  accounts,
  auditLog,
  liveEvents,
  memberships,
  roomCodes,
  roomSessions,
  roomVisitors,
  users,
} from '../src/db/schema/index.ts';
import { announceRoomVisit } from '../src/modules/room-settings/announce-room-visit.ts';
import { codeHash, deriveCode, linkSecret } from '../src/modules/rooms/link-codes.ts';
import {
  accessToken,
  accountCaller,
  createUser,
  type Json,
  login,
  type SignedIn,
  signedIn,
  uniqueEmail,
} from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { insertHistory, insertRoom, insertVisitor } from './support/rooms.ts';

describe('room settings: sharing, users, history, analytics (spec 3 §2, §3, §7, §9)', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  const call = accountCaller(() => t);
  const base = (roomId: number) => `/api/account/admin/room/${roomId}`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t);
    stranger = await signedIn(t);
  });
  afterAll(() => t.close());

  const newRoom = () => insertRoom(t, owner.account!.id);

  it('refuses without a token, a plain member, a restricted workspace, and another workspace', async () => {
    const room = await newRoom();
    expect((await call(null, 'GET', `${base(room.id)}/code`)).status).toBe(401);
    const other = await call(stranger, 'GET', `${base(room.id)}/code`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('NOT_FOUND');
    const share = await call(stranger, 'POST', `${base(room.id)}/code`, {
      identifier: { type: 'email', value: 'x@example.com' },
    });
    expect(share.status).toBe(404);

    const member = await createUser(t, { company: null });
    await t.ctx.db.insert(memberships).values({ accountId: owner.account!.id, userId: member.user.id });
    const { idToken } = await login(t, member.email, member.password!);
    const memberToken = await accessToken(t, idToken, owner.account!.id);
    const asMember = { ...owner, accountBearer: `Bearer ${memberToken}` };
    const refused = await call(asMember, 'GET', `${base(room.id)}/stats`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');

    const restricted = await signedIn(t);
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, restricted.account!.id));
    const theirRoom = await insertRoom(t, restricted.account!.id);
    const res = await call(restricted, 'GET', `${base(theirRoom.id)}/history`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ROOM_ADMIN_MESSAGES.restricted);
  });

  it('shares a personal link by email: a guest user, a hashed secret, a link under the brand', async () => {
    const room = await newRoom();
    const email = uniqueEmail('guest');
    const blank = await call(owner, 'POST', `${base(room.id)}/code`, {
      identifier: { type: 'email', value: ' ' },
    });
    expect(blank.status).toBe(400);
    const res = await call(owner, 'POST', `${base(room.id)}/code`, {
      identifier: { type: 'email', value: email },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ROOM_MESSAGES.emailSent });

    const [guest] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(guest).toBeDefined();
    expect(guest.passwordHash).toBeNull();
    const membership = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, guest.id));
    expect(membership).toEqual([]);

    const [code] = await t.ctx.db.select().from(roomCodes).where(eq(roomCodes.roomId, room.id));
    expect(code.userId).toBe(guest.id);
    const mails = await t.mailTo(email);
    expect(mails).toHaveLength(1);
    const roomCode = deriveCode(await linkSecret(t.ctx, t.ctx.db), 'room', room.id, room.codeGeneration);
    const match = mails[0].text.match(/(\S+)\/invites\/room\/([\w-]+)\?id=([\w-]+)&code=([\w-]+)/);
    expect(match).not.toBeNull();
    const [, linkUrl, linkRoomCode, linkId, secret] = match!;
    expect(linkUrl).toBe('http://localhost:3000');
    expect(linkRoomCode).toBe(roomCode);
    // The link is named by its random public id (22 characters, 128 bits), not the row's sequential id.
    expect(linkId).toBe(code.publicId);
    expect(linkId).toMatch(/^[\w-]{22}$/);
    expect(linkId).not.toBe(String(code.id));
    expect(code.codeHash).toBe(codeHash(secret));
    expect(code.codeHash).not.toContain(secret);

    const list = await call(owner, 'GET', `${base(room.id)}/code`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: code.id,
        email,
        user: { id: guest.id, name: '', email },
        created_at: expect.any(String),
        redeemed_at: null,
        revoked_at: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain(code.codeHash);

    // Sharing again with an existing user reuses them.
    await call(owner, 'POST', `${base(room.id)}/code`, { identifier: { type: 'email', value: email } });
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('revokes a personal link; another room or workspace cannot', async () => {
    const room = await newRoom();
    const other = await newRoom();
    await call(owner, 'POST', `${base(room.id)}/code`, {
      identifier: { type: 'email', value: uniqueEmail() },
    });
    const [code] = await t.ctx.db.select().from(roomCodes).where(eq(roomCodes.roomId, room.id));
    expect((await call(owner, 'DELETE', `${base(other.id)}/codes/${code.id}`)).status).toBe(404);
    expect((await call(stranger, 'DELETE', `${base(room.id)}/codes/${code.id}`)).status).toBe(404);
    const res = await call(owner, 'DELETE', `${base(room.id)}/codes/${code.id}`);
    expect(res.body).toEqual({ message: ROOM_SETTINGS_MESSAGES.revoked });
    const list = await call(owner, 'GET', `${base(room.id)}/code`);
    expect(list.body[0].revoked_at).not.toBeNull();
  });

  it('disconnects a user: sessions gone, their links revoked, marked disconnected', async () => {
    const room = await newRoom();
    const email = uniqueEmail('visitor');
    await call(owner, 'POST', `${base(room.id)}/code`, { identifier: { type: 'email', value: email } });
    const [code] = await t.ctx.db.select().from(roomCodes).where(eq(roomCodes.roomId, room.id));
    const visitor = await insertVisitor(t, room.id, { userId: code.userId, email, name: 'Vera' });
    await t.ctx.db.insert(roomSessions).values({
      tokenHash: sha256(randomToken()),
      roomId: room.id,
      visitorId: visitor.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await call(stranger, 'DELETE', `${base(room.id)}/users/${visitor.id}`)).status).toBe(404);
    const res = await call(owner, 'DELETE', `${base(room.id)}/users/${visitor.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User Disconnected' });
    expect(await t.ctx.db.select().from(roomSessions).where(eq(roomSessions.visitorId, visitor.id))).toEqual(
      [],
    );
    const [after] = await t.ctx.db.select().from(roomCodes).where(eq(roomCodes.id, code.id));
    expect(after.revokedAt).not.toBeNull();
    const [row] = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.id, visitor.id));
    expect(row.disconnectedAt).not.toBeNull();
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.accountId, owner.account!.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['room.code.share', 'room.user.disconnect']),
    );
    expect(audit.find((a) => a.action === 'room.user.disconnect')?.target).toEqual({
      roomId: room.id,
      visitorId: visitor.id,
    });
  });

  it('totals visits and interactions and sorts users: last visited (anonymous first), name, date added', async () => {
    const room = await newRoom();
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const zed = await insertVisitor(t, room.id, {
      email: 'zed@example.com',
      name: 'Zed',
      timesVisited: 3,
      lastVisitedAt: day(10),
      createdAt: day(1),
    });
    const amy = await insertVisitor(t, room.id, {
      email: 'amy@example.com',
      name: 'Amy',
      timesVisited: 2,
      lastVisitedAt: day(20),
      createdAt: day(2),
    });
    const anon = await insertVisitor(t, room.id, {
      key: 'k1',
      timesVisited: 5,
      lastVisitedAt: day(5),
      createdAt: day(3),
    });
    await insertHistory(t, [
      { roomId: room.id, visitorId: zed.id, action: 'view', fileId: null, page: 1 },
      { roomId: room.id, visitorId: zed.id, action: 'download' },
      { roomId: room.id, visitorId: amy.id, action: 'visit' },
    ]);
    const ids = (body: Json) => (body.users as Json[]).map((u) => u.id);
    const stats = await call(owner, 'GET', `${base(room.id)}/stats`);
    expect(stats.status).toBe(200);
    expect(stats.body.total_visits).toBe(10);
    expect(stats.body.total_interactions).toBe(2);
    expect(stats.body.users_total).toBe(3);
    expect(ids(stats.body)).toEqual([anon.id, amy.id, zed.id]);
    expect(stats.body.users[0]).toMatchObject({ anonymous: true, name: 'Anonymous' });
    // 'Amy' < 'Anonymous' < 'Zed'
    expect(ids((await call(owner, 'GET', `${base(room.id)}/stats?sort=name`)).body)).toEqual([
      amy.id,
      anon.id,
      zed.id,
    ]);
    expect(ids((await call(owner, 'GET', `${base(room.id)}/stats?sort=date-added`)).body)).toEqual([
      anon.id,
      amy.id,
      zed.id,
    ]);
    const paged = await call(owner, 'GET', `${base(room.id)}/stats?sort=name&offset=1&limit=1`);
    expect(ids(paged.body)).toEqual([anon.id]);
    expect((await call(owner, 'GET', `${base(room.id)}/stats?sort=nope`)).status).toBe(400);
  });

  it('pages the history by keyset, in every sort, and for one user', async () => {
    const room = await newRoom();
    const vera = await insertVisitor(t, room.id, { email: 'vera@example.com', name: 'Vera' });
    const ivan = await insertVisitor(t, room.id, { email: 'ivan@example.com', name: 'Ivan' });
    const same = new Date(Date.UTC(2026, 1, 1));
    const actions = ['visit', 'view', 'download', 'form'] as const;
    await insertHistory(
      t,
      Array.from({ length: 230 }, (_, i) => ({
        roomId: room.id,
        visitorId: i % 2 ? vera.id : ivan.id,
        action: actions[i % 4],
        label: `entry ${i}`,
        // Many entries share a timestamp: the page boundary must still fall between them exactly.
        createdAt: i < 120 ? same : new Date(same.getTime() + i * 1000),
      })),
    );
    const all = async (query: string) => {
      const seen: Json[] = [];
      let cursor: string | null = null;
      do {
        const res = await call(
          owner,
          'GET',
          `${base(room.id)}/history?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        seen.push(...(res.body.entries as Json[]));
        cursor = res.body.next_cursor;
      } while (cursor);
      return seen;
    };
    const latest = await all('');
    expect(latest).toHaveLength(230);
    expect(new Set(latest.map((e) => e.id)).size).toBe(230);
    expect(latest[0].label).toBe('entry 229');
    expect(latest[0].user).toEqual({ visitor_id: vera.id, name: 'Vera', email: 'vera@example.com' });
    const oldest = await all('&sort=date');
    expect(oldest.map((e) => e.id)).toEqual(latest.map((e) => e.id).reverse());
    const downloads = await all('&sort=downloads');
    expect(downloads).toHaveLength(57);
    expect(downloads.every((e) => e.action === 'download')).toBe(true);
    expect((await all('&sort=document-views')).every((e) => e.action === 'view')).toBe(true);
    expect((await all('&sort=room-visits')).every((e) => e.action === 'visit')).toBe(true);
    expect((await all('&sort=form-visits')).every((e) => e.action === 'form')).toBe(true);
    const hers = await all(`&visitor_id=${vera.id}`);
    expect(hers).toHaveLength(115);
    expect(hers.every((e) => e.user.visitor_id === vera.id)).toBe(true);
    expect((await call(owner, 'GET', `${base(room.id)}/history?cursor=bad`)).status).toBe(400);
    const other = await newRoom();
    expect((await call(owner, 'GET', `${base(other.id)}/history?visitor_id=${vera.id}`)).status).toBe(404);
    expect((await call(stranger, 'GET', `${base(room.id)}/history`)).status).toBe(404);
  });

  it('exports the history as CSV with formulas neutralised and cells quoted', async () => {
    const room = await newRoom();
    const eve = await insertVisitor(t, room.id, { email: 'eve@example.com', name: '=cmd|calc' });
    await insertHistory(t, [
      {
        roomId: room.id,
        visitorId: eve.id,
        action: 'view',
        label: '=HYPERLINK("http://x")',
        sublabel: 'a, b',
      },
      { roomId: room.id, visitorId: eve.id, action: 'download', label: '@SUM(1)', sublabel: 'line\nbreak' },
    ]);
    const res = await call(owner, 'GET', `${base(room.id)}/history.csv?sort=date`);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('text/csv');
    expect(res.raw.headers['content-disposition']).toContain('attachment');
    const text = res.raw.body;
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Date,User,Email,Action,Label,Detail,Page,Seconds,Hidden');
    expect(lines[1]).toContain(`,'=cmd|calc,eve@example.com,view,"'=HYPERLINK(""http://x"")","a, b",,`);
    expect(text).toContain(`'@SUM(1),"line\nbreak"`);
    expect(text).not.toMatch(/(^|,)[=@+-]/m);
    expect((await call(stranger, 'GET', `${base(room.id)}/history.csv`)).status).toBe(404);
  });

  it('computes views over time, time per page and completion from the history', async () => {
    const room = await newRoom();
    const vera = await insertVisitor(t, room.id, { email: 'vera@example.com', name: 'Vera' });
    const ivan = await insertVisitor(t, room.id, { email: 'ivan@example.com', name: 'Ivan' });
    const [file] = await t.ctx.db
      .execute<{ id: number }>(
        // A cabinet file the views name (any file of the workspace).
        (await import('drizzle-orm'))
          .sql`insert into files (account_id, filename, content_type, size, sha256, storage_key)
        values (${owner.account!.id}, 'deck.pdf', 'application/pdf', 1, 'x', ${`k-${randomToken()}`}) returning id`,
      )
      .then((r) => r.rows);
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    await insertHistory(t, [
      { roomId: room.id, visitorId: vera.id, action: 'visit', createdAt: now },
      { roomId: room.id, visitorId: ivan.id, action: 'visit', createdAt: now },
      { roomId: room.id, visitorId: vera.id, action: 'visit', createdAt: daysAgo(3) },
      { roomId: room.id, visitorId: vera.id, action: 'visit', createdAt: daysAgo(40) },
      ...[1, 2, 3, 4].map((page) => ({
        roomId: room.id,
        visitorId: vera.id,
        action: 'view',
        fileId: file.id,
        page,
        seconds: 10 * page,
      })),
      { roomId: room.id, visitorId: ivan.id, action: 'view', fileId: file.id, page: 1, seconds: 5 },
    ]);
    const res = await call(owner, 'GET', `${base(room.id)}/analytics`);
    expect(res.status).toBe(200);
    const days = res.body.views_over_time as Json[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: now.toISOString().slice(0, 10), visits: 2 });
    expect(days.at(-4)?.visits).toBe(1);
    expect(days.reduce((sum, d) => sum + d.visits, 0)).toBe(3);
    expect(res.body.time_per_page).toEqual([
      { file_id: file.id, label: 'deck.pdf', page: 1, seconds: 15 },
      { file_id: file.id, label: 'deck.pdf', page: 2, seconds: 20 },
      { file_id: file.id, label: 'deck.pdf', page: 3, seconds: 30 },
      { file_id: file.id, label: 'deck.pdf', page: 4, seconds: 40 },
    ]);
    const completion = res.body.completion as Json[];
    expect(completion.find((c) => c.visitor_id === vera.id)).toMatchObject({
      pages_viewed: 4,
      page_count: 4,
      share: 1,
    });
    expect(completion.find((c) => c.visitor_id === ivan.id)).toMatchObject({
      name: 'Ivan',
      pages_viewed: 1,
      share: 0.25,
    });
    expect((await call(stranger, 'GET', `${base(room.id)}/analytics`)).status).toBe(404);
  });

  it("removes a history entry for the room's admin only (DELETE /api/user/rooms/{id}/history/{historyId})", async () => {
    const room = await newRoom();
    const [entry] = await insertHistory(t, [{ roomId: room.id, action: 'visit' }]);
    const del = (who: SignedIn, roomId: number, id: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/user/rooms/${roomId}/history/${id}`,
        headers: { authorization: who.bearer },
      });
    expect((await del(stranger, room.id, entry.id)).statusCode).toBe(404);
    const other = await newRoom();
    expect((await del(owner, other.id, entry.id)).statusCode).toBe(404);
    const ok = await del(owner, room.id, entry.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: ROOM_SETTINGS_MESSAGES.historyHidden });
    expect((await del(owner, room.id, entry.id)).statusCode).toBe(404);
  });

  it("announces a visit to the owner's admins on the live channel", async () => {
    const room = await newRoom();
    const visitor = await insertVisitor(t, room.id, { email: 'vera@example.com', name: 'Vera' });
    await t.ctx.db.transaction((tx) => announceRoomVisit({ tx, room, visitor }));
    const events = await t.ctx.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.accountId, owner.account!.id)));
    const last = events.at(-1);
    expect(last?.event).toEqual({
      type: 'toast',
      toast: { type: 'info', message: `Vera opened ${room.label}.` },
    });
    expect(last?.audience).toEqual({ adminsOnly: true, unrestrictedOnly: true });
  });
});
