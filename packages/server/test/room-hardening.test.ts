import { ROOM_MESSAGES, ROOM_SETTINGS_MESSAGES, VISITOR_MESSAGES } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../src/adapters/secrets.ts';
import {
  files,
  memberships,
  outsideForms,
  projects,
  resources,
  roomCodes,
  roomDocuments,
  roomHistory,
  roomSessions,
  rooms,
  roomTableRows,
  roomTables,
  roomVisitors,
  transactions,
} from '../src/db/schema/index.ts';
import { accountCaller, type Json, type SignedIn, signedIn, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import {
  addRoomFile,
  insertCodedRoom,
  newVisitorKey,
  personalLink,
  type RoomGuest,
  roomGuestHeaders,
} from './support/rooms.ts';

/**
 * Issue 22's room hardening: personal links no one else can lock, file tokens checked at each use,
 * history words the server's own, history hidden and never erased, completion against page counts.
 */
let t: TestApp;
let owner: SignedIn;
const admin = accountCaller(() => t);
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t);
});
afterAll(() => t.close());

type Access = 'private' | 'open' | 'sign-in';
const makeRoom = (access: Access) =>
  insertCodedRoom(t, owner.account!.id, { open: access !== 'private', requireAuth: access === 'sign-in' });

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  who?: RoomGuest,
  payload?: unknown,
  remoteAddress = '127.0.0.1',
) {
  const res = await t.app.inject({
    method,
    url,
    headers: roomGuestHeaders(who),
    payload: payload as Json,
    remoteAddress,
  });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: (json ? res.json() : {}) as Json, raw: res };
}

const redeem = (code: string, id: number | string, secret: string, key: string, ip = '127.0.0.1') =>
  call('POST', `/api/guest/rooms/${code}/redeem`, { key }, { id, code: secret }, ip);

async function pdfOf(pages: number) {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200, 200]);
  return Buffer.from(await pdf.save());
}

describe('A. a personal link no other invitee can lock', () => {
  it('counts wrong secrets per client: a guesser is refused, the invitee on another client is not', async () => {
    const { room, code } = await makeRoom('private');
    const link = await personalLink(t, room.id, uniqueEmail('invitee'));
    const guesser = newVisitorKey();
    for (let i = 0; i < 5; i++) {
      const wrong = await redeem(code, link.id, `wrong-${i}`, guesser, '10.1.1.1');
      expect(wrong.body.code).toBe('E_CODE_INVALID');
    }
    // The guessing client is refused, even with the right secret…
    const locked = await redeem(code, link.id, link.secret, guesser, '10.1.1.1');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'E_CODE_RETRY', message: VISITOR_MESSAGES.inviteLocked });
    // …a browser of its own on the same network is another client…
    const sameNetwork = await redeem(code, link.id, 'wrong-again', newVisitorKey(), '10.1.1.1');
    expect(sameNetwork.body.code).toBe('E_CODE_INVALID');
    // …and the invitee, elsewhere, redeems their link.
    const invitee = await redeem(code, link.id, link.secret, newVisitorKey(), '10.2.2.2');
    expect(invitee.status).toBe(200);
    expect(invitee.body.session).toEqual(expect.any(String));
  });

  it('names a link by a random public id: the sequential row id opens only links mailed before', async () => {
    const { room, code } = await makeRoom('private');
    const link = await personalLink(t, room.id, uniqueEmail('invitee'));
    expect(link.id).toMatch(/^[\w-]{22}$/);
    const byRowId = await redeem(code, link.rowId, link.secret, newVisitorKey());
    expect(byRowId.body).toMatchObject({ code: 'E_CODE_INVALID', message: VISITOR_MESSAGES.inviteInvalid });
    // A link mailed before public ids (migration 0025 marks those) keeps working by its number.
    const old = await personalLink(t, room.id, uniqueEmail('old-invitee'));
    await t.ctx.db.update(roomCodes).set({ legacyLink: true }).where(eq(roomCodes.id, old.rowId));
    expect((await redeem(code, old.rowId, old.secret, newVisitorKey())).status).toBe(200);
    // Malformed ids are a 400 before any lookup.
    expect((await redeem(code, 'short', link.secret, newVisitorKey())).status).toBe(400);
  });

  it('tells that a link is revoked only to whoever holds its secret', async () => {
    const { room, code } = await makeRoom('private');
    const link = await personalLink(t, room.id, uniqueEmail('invitee'));
    await t.ctx.db.update(roomCodes).set({ revokedAt: new Date() }).where(eq(roomCodes.id, link.rowId));
    const guess = await redeem(code, link.id, 'x'.repeat(43), newVisitorKey());
    expect(guess.body).toMatchObject({ code: 'E_CODE_INVALID', message: VISITOR_MESSAGES.inviteInvalid });
    const holder = await redeem(code, link.id, link.secret, newVisitorKey());
    expect(holder.body).toMatchObject({ code: 'E_CODE_INVALID', message: ROOM_MESSAGES.revoked });
  });
});

describe('B. a room file token is checked against what holds when it is used', () => {
  async function holderWithToken(access: Access) {
    const { room, code } = await makeRoom(access);
    const file = await addRoomFile(t, owner.account!.id, room.id, 'memo.pdf');
    const email = uniqueEmail('holder');
    const link = await personalLink(t, room.id, email);
    const redeemed = await redeem(code, link.id, link.secret, newVisitorKey());
    const session = redeemed.body.session as string;
    const issued = await call('GET', `/api/guest/rooms/${code}/file/${file.id}/token`, { session });
    expect(issued.status).toBe(200);
    expect((await call('GET', issued.body.url as string)).status).toBe(200);
    return { room, code, link, session, url: issued.body.url as string };
  }

  it('stops working when the personal link is revoked (its sessions end with it)', async () => {
    const { room, link, url, session, code } = await holderWithToken('open');
    const revoked = await admin(owner, 'DELETE', `/api/account/admin/room/${room.id}/codes/${link.rowId}`);
    expect(revoked.status).toBe(200);
    expect((await call('GET', url)).status).toBe(404);
    expect(await t.ctx.db.select().from(roomSessions).where(eq(roomSessions.codeId, link.rowId))).toEqual([]);
    // The session the link gave is over too: in this open room it is a stranger's browser now.
    expect((await call('GET', `/api/guest/rooms/${code}`, { session })).status).toBe(400);
  });

  it('stops working when the visitor is disconnected', async () => {
    const { room, url } = await holderWithToken('private');
    const [visitor] = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.roomId, room.id));
    const done = await admin(owner, 'DELETE', `/api/account/admin/room/${room.id}/users/${visitor.id}`);
    expect(done.status).toBe(200);
    expect((await call('GET', url)).status).toBe(404);
  });

  it("an anonymous visitor's token stops when the room turns private or the visitor is disconnected", async () => {
    const { room, code } = await makeRoom('open');
    const file = await addRoomFile(t, owner.account!.id, room.id, 'deck.pdf');
    const key = newVisitorKey();
    const issue = async () =>
      (await call('GET', `/api/guest/rooms/${code}/file/${file.id}/token`, { key })).body.url as string;
    const first = await issue();
    const second = await issue();
    await t.ctx.db.update(rooms).set({ open: false }).where(eq(rooms.id, room.id));
    const closed = await call('GET', first);
    expect(closed.status).toBe(401);
    expect(closed.body.message).toBe(VISITOR_MESSAGES.privateRoom);
    await t.ctx.db.update(rooms).set({ open: true }).where(eq(rooms.id, room.id));
    expect((await call('GET', second)).status).toBe(200);
    await t.ctx.db
      .update(roomVisitors)
      .set({ disconnectedAt: new Date() })
      .where(and(eq(roomVisitors.roomId, room.id), eq(roomVisitors.key, key)));
    const gone = await call('GET', second);
    expect(gone.status).toBe(403);
    expect(gone.body.message).toBe(VISITOR_MESSAGES.disconnected);
  });

  it("an admin's token stops when they are no longer an admin of the room's workspace", async () => {
    const { room, code } = await makeRoom('private');
    const file = await addRoomFile(t, owner.account!.id, room.id, 'board.pdf');
    const colleague = await signedIn(t, { company: null });
    await t.ctx.db
      .insert(memberships)
      .values({ userId: colleague.user.id, accountId: owner.account!.id, isAdmin: true });
    const issued = await call('GET', `/api/guest/rooms/${code}/file/${file.id}/token`, {
      bearer: colleague.bearer,
    });
    expect((await call('GET', issued.body.url as string)).status).toBe(200);
    await t.ctx.db
      .update(memberships)
      .set({ isAdmin: false })
      .where(eq(memberships.userId, colleague.user.id));
    expect((await call('GET', issued.body.url as string)).status).toBe(404);
  });
});

describe('C. the history says only what the server knows', () => {
  it("a guest's crafted label reaches neither the owner's history nor its CSV", async () => {
    const { room, code } = await makeRoom('open');
    const file = await addRoomFile(t, owner.account!.id, room.id, 'term-sheet.pdf');
    const key = newVisitorKey();
    const crafted = {
      action: 'view',
      file_id: file.id,
      page: 1,
      seconds: 5,
      label: 'Transfer $1M to account 666 =HYPERLINK("http://evil")',
      sublabel: 'Approved by the CEO',
    };
    expect((await call('POST', `/api/guest/rooms/${code}/history`, { key }, crafted)).status).toBe(204);
    const download = { action: 'download', file_id: file.id, label: 'crafted download' };
    expect((await call('POST', `/api/guest/rooms/${code}/history`, { key }, download)).status).toBe(204);
    const history = await admin(owner, 'GET', `/api/account/admin/room/${room.id}/history`);
    expect(history.body.entries.map((e: Json) => [e.action, e.label, e.sublabel])).toEqual([
      ['download', 'term-sheet.pdf', ''],
      ['view', 'term-sheet.pdf', 'Page 1'],
    ]);
    const csv = await admin(owner, 'GET', `/api/account/admin/room/${room.id}/history.csv`);
    expect(csv.status).toBe(200);
    for (const text of [JSON.stringify(history.body), csv.raw.body]) {
      expect(text).not.toContain('Transfer');
      expect(text).not.toContain('CEO');
      expect(text).not.toContain('crafted');
    }
    expect(csv.raw.body).toContain('term-sheet.pdf');
  });

  it('names a form by its own name, refuses entries that name nothing, and pages past the end', async () => {
    const { room, code } = await makeRoom('open');
    const file = await addRoomFile(t, owner.account!.id, room.id, 'two-pages.pdf');
    await t.ctx.db.update(files).set({ pageCount: 2 }).where(eq(files.id, file.id));
    const [project] = await t.ctx.db
      .insert(projects)
      .values({ accountId: owner.account!.id, templateId: 'any', label: 'Seed' })
      .returning();
    const [group] = await t.ctx.db
      .insert(transactions)
      .values({
        accountId: owner.account!.id,
        projectId: project.id,
        templateKey: 'g',
        position: 0,
        label: 'D',
      })
      .returning();
    const [form] = await t.ctx.db
      .insert(outsideForms)
      .values({
        accountId: owner.account!.id,
        transactionId: group.id,
        roomId: room.id,
        name: 'Investor questionnaire',
        codeHash: `pending:${randomToken()}`,
      })
      .returning();
    const key = newVisitorKey();
    const post = (body: Json) => call('POST', `/api/guest/rooms/${code}/history`, { key }, body);
    expect((await post({ action: 'form', form_id: form.id, label: 'Fake form' })).status).toBe(204);
    const noForm = await post({ action: 'form', label: 'Fake form' });
    expect(noForm.status).toBe(400);
    expect(noForm.body.fields).toEqual({ form_id: VISITOR_MESSAGES.historyFormRequired });
    const noFile = await post({ action: 'view', page: 1 });
    expect(noFile.body.fields).toEqual({ file_id: VISITOR_MESSAGES.historyFileRequired });
    const beyond = await post({ action: 'view', file_id: file.id, page: 3 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.fields).toEqual({ page: VISITOR_MESSAGES.historyPageBeyond });
    const otherForm = await post({ action: 'form', form_id: 999_999 });
    expect(otherForm.status).toBe(404);
    const rows = await t.ctx.db.select().from(roomHistory).where(eq(roomHistory.roomId, room.id));
    expect(rows.filter((r) => r.action !== 'visit').map((r) => [r.action, r.label])).toEqual([
      ['form', 'Investor questionnaire'],
    ]);
  });
});

describe('D. history is hidden, never erased', () => {
  const remove = (roomId: number, historyId: number) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/user/rooms/${roomId}/history/${historyId}`,
      headers: { authorization: owner.bearer },
    });

  it('"remove" keeps the row, flagged hidden; the list and CSV leave it out unless asked', async () => {
    const { room, code } = await makeRoom('open');
    const file = await addRoomFile(t, owner.account!.id, room.id, 'deck.pdf');
    const key = newVisitorKey();
    await call('GET', `/api/guest/rooms/${code}?visit=1`, { key });
    await call('POST', `/api/guest/rooms/${code}/history`, { key }, { action: 'download', file_id: file.id });
    const [download] = await t.ctx.db
      .select()
      .from(roomHistory)
      .where(and(eq(roomHistory.roomId, room.id), eq(roomHistory.action, 'download')));

    const res = await remove(room.id, download.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ROOM_SETTINGS_MESSAGES.historyHidden });
    const [kept] = await t.ctx.db.select().from(roomHistory).where(eq(roomHistory.id, download.id));
    expect(kept).toMatchObject({ action: 'download', label: 'deck.pdf', hiddenBy: owner.user.id });
    expect(kept.hiddenAt).toBeInstanceOf(Date);
    expect((await remove(room.id, download.id)).statusCode).toBe(404);

    const base = `/api/account/admin/room/${room.id}`;
    const shown = await admin(owner, 'GET', `${base}/history`);
    expect(shown.body.entries.map((e: Json) => e.action)).toEqual(['visit']);
    const all = await admin(owner, 'GET', `${base}/history?include_hidden=1`);
    expect(all.body.entries.map((e: Json) => [e.action, e.hidden_at !== null])).toEqual([
      ['download', true],
      ['visit', false],
    ]);
    const csv = await admin(owner, 'GET', `${base}/history.csv`);
    expect(csv.raw.body).not.toContain('download');
    const csvAll = await admin(owner, 'GET', `${base}/history.csv?include_hidden=1`);
    expect(csvAll.raw.body).toContain(`download,deck.pdf,,,,${kept.hiddenAt!.toISOString()}`);
    // Hidden entries count for no total either.
    const stats = await admin(owner, 'GET', `${base}/stats`);
    expect(stats.body.total_interactions).toBe(0);
  });

  it('the database refuses to erase an entry; deleting the room takes its history along', async () => {
    const { room } = await makeRoom('open');
    const [entry] = await t.ctx.db
      .insert(roomHistory)
      .values({ roomId: room.id, action: 'visit' })
      .returning();
    await expect(t.ctx.db.delete(roomHistory).where(eq(roomHistory.id, entry.id))).rejects.toThrow();
    expect(await t.ctx.db.select().from(roomHistory).where(eq(roomHistory.id, entry.id))).toHaveLength(1);
    await t.ctx.db.delete(rooms).where(eq(rooms.id, room.id));
    expect(await t.ctx.db.select().from(roomHistory).where(eq(roomHistory.id, entry.id))).toEqual([]);
  });
});

describe('F. what visitors see and what the owner learns', () => {
  it('keeps the page count of a previewed file and measures completion against it', async () => {
    const { room, code } = await makeRoom('open');
    const stored = await t.ctx.storage.put(await pdfOf(10));
    const [file] = await t.ctx.db
      .insert(files)
      .values({
        accountId: owner.account!.id,
        filename: 'ten-pages.pdf',
        contentType: 'application/pdf',
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
      })
      .returning();
    await t.ctx.db
      .insert(roomDocuments)
      .values({ roomId: room.id, fileId: file.id, label: 'Deck', position: 1 });
    const key = newVisitorKey();
    await call('GET', `/api/guest/rooms/${code}?visit=1`, { key });
    expect((await call('GET', `/api/guest/rooms/${code}/file/${file.id}`, { key })).status).toBe(200);
    const [counted] = await t.ctx.db.select().from(files).where(eq(files.id, file.id));
    expect(counted.pageCount).toBe(10);
    for (const page of [1, 2, 3, 2]) {
      const body = { action: 'view', file_id: file.id, page, seconds: 4 };
      expect((await call('POST', `/api/guest/rooms/${code}/history`, { key }, body)).status).toBe(204);
    }
    const analytics = await admin(owner, 'GET', `/api/account/admin/room/${room.id}/analytics`);
    expect(analytics.body.completion).toEqual([
      expect.objectContaining({
        file_id: file.id,
        label: 'ten-pages.pdf',
        pages_viewed: 3,
        page_count: 10,
        share: 0.3,
      }),
    ]);
  });

  it('sends visitors no empty overview table (admins still see it, to fill it)', async () => {
    const { room, code } = await makeRoom('open');
    const [person] = await t.ctx.db
      .insert(resources)
      .values({ accountId: owner.account!.id, resourceTypeId: 2, name: 'Ada Lovelace' })
      .returning();
    const [people, empty] = await t.ctx.db
      .insert(roomTables)
      .values([
        { roomId: room.id, resourceTypeId: 2, label: 'People', fields: [], position: 1 },
        { roomId: room.id, resourceTypeId: 2, label: 'Empty', fields: [], position: 2 },
      ])
      .returning();
    await t.ctx.db
      .insert(roomTableRows)
      .values({ roomTableId: people.id, resourceId: person.id, position: 1 });
    const visitor = await call('GET', `/api/guest/rooms/${code}`, { key: newVisitorKey() });
    expect(visitor.body.overview.tables.map((table: Json) => table.label)).toEqual(['People']);
    const asAdmin = await call('GET', `/api/guest/rooms/${code}`, { bearer: owner.bearer });
    expect(asAdmin.body.overview.tables.map((table: Json) => table.id)).toEqual([people.id, empty.id]);
  });
});
