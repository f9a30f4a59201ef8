import { NDA_MESSAGES, ROOM_MESSAGES, VISITOR_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../src/adapters/secrets.ts';
import {
  accounts,
  documentRecipients,
  documents,
  memberships,
  outsideForms,
  projects,
  resourceFeatures,
  resources,
  roomCodes,
  roomDocuments,
  roomHistory,
  roomLinks,
  rooms,
  roomTableRows,
  roomTables,
  roomVisitors,
  transactions,
  users,
} from '../src/db/schema/index.ts';
import { codeHash, deriveCode, linkSecret } from '../src/modules/rooms/link-codes.ts';
import { type Json, type SignedIn, signedIn, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import {
  addRoomFile,
  insertCodedRoom,
  newVisitorKey,
  type RoomGuest,
  roomGuestHeaders,
  personalLink as sharedPersonalLink,
} from './support/rooms.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t);
});
afterAll(() => t.close());

type Access = 'private' | 'open' | 'sign-in';
const flags = (access: Access) => ({ open: access !== 'private', requireAuth: access === 'sign-in' });

/** A room of the owner's workspace and its general code (support/rooms.ts), with this access. */
const makeRoom = (access: Access, extra: Partial<typeof rooms.$inferInsert> = {}, accountId?: number) =>
  insertCodedRoom(t, accountId ?? owner.account!.id, { ...flags(access), ...extra });
const addFile = (roomId: number | null, name = 'deck.pdf', accountId = owner.account!.id) =>
  addRoomFile(t, accountId, roomId, name);
const personalLink = (roomId: number, email: string) => sharedPersonalLink(t, roomId, email);

type Who = RoomGuest;
const newKey = newVisitorKey;

async function call(method: 'GET' | 'POST', url: string, who?: Who, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: roomGuestHeaders(who), payload: payload as Json });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: (json ? res.json() : {}) as Json, raw: res };
}
const view = (code: string, who?: Who, visit = false) =>
  call('GET', `/api/guest/rooms/${code}${visit ? '?visit=1' : ''}`, who);

async function redeemedSession(roomId: number, code: string, email = uniqueEmail('invited')) {
  const link = await personalLink(roomId, email);
  const res = await call('POST', `/api/guest/rooms/${code}/redeem`, {}, { id: link.id, code: link.secret });
  expect(res.status).toBe(200);
  return { session: res.body.session as string, email };
}

describe('finding a room by its code', () => {
  it('answers 404 with the revoked text to unknown, malformed and revoked codes', async () => {
    const { room, code } = await makeRoom('open');
    for (const bad of ['nope', 'A'.repeat(22), `${code.slice(0, 21)}!`]) {
      const res = await view(bad, { key: newKey() });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ROOM_MESSAGES.revoked);
    }
    expect((await view(code, { key: newKey() })).status).toBe(200);
    // A new generation revokes the old link.
    const next = deriveCode(await linkSecret(t.ctx, t.ctx.db), 'room', room.id, 2);
    await t.ctx.db
      .update(rooms)
      .set({ codeGeneration: 2, codeHash: codeHash(next) })
      .where(eq(rooms.id, room.id));
    const revoked = await view(code, { key: newKey() });
    expect(revoked.status).toBe(404);
    expect(revoked.body.message).toBe(ROOM_MESSAGES.revoked);
    expect((await view(next, { key: newKey() })).status).toBe(200);
  });
});

describe('access modes × viewers', () => {
  let stranger: SignedIn;
  beforeAll(async () => {
    stranger = await signedIn(t);
  });

  it('Private: only the owning admins and personal-link holders', async () => {
    const { room, code } = await makeRoom('private');
    const anonymous = await view(code, { key: newKey() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHORIZED');
    // Signing in would not let an outsider in: they are told the room is private, not to sign in.
    expect(anonymous.body.message).toBe(VISITOR_MESSAGES.privateRoom);
    expect(anonymous.body.message).not.toMatch(/sign in/i);
    const signedInStranger = await view(code, { bearer: stranger.bearer });
    expect(signedInStranger.status).toBe(403);
    expect(signedInStranger.body.message).toBe(VISITOR_MESSAGES.privateRoom);
    const admin = await view(code, { bearer: owner.bearer });
    expect(admin.status).toBe(200);
    expect(admin.body.viewer).toMatchObject({
      kind: 'admin',
      admin_path: `/c/${owner.account!.id}/rooms/${room.id}`,
    });
    const holder = await redeemedSession(room.id, code);
    const asHolder = await view(code, { session: holder.session });
    expect(asHolder.status).toBe(200);
    expect(asHolder.body.viewer).toMatchObject({ kind: 'visitor', email: holder.email, admin_path: null });
    // The stranger left no visitor row behind.
    const visitors = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.roomId, room.id));
    expect(visitors.map((v) => v.email)).toEqual([holder.email]);
  });

  it('Sign-in Required: signed-in users and link holders, not anonymous browsers', async () => {
    const { room, code } = await makeRoom('sign-in', { type: 'deal' });
    const anonymous = await view(code, { key: newKey() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('This room link requires you to Sign In to view this deal room.');
    expect((await view(code, {})).status).toBe(401);
    const user = await view(code, { bearer: stranger.bearer });
    expect(user.status).toBe(200);
    expect(user.body.viewer).toMatchObject({ kind: 'visitor', email: stranger.email });
    expect((await view(code, { bearer: owner.bearer })).body.viewer.kind).toBe('admin');
    const holder = await redeemedSession(room.id, code);
    expect((await view(code, { session: holder.session })).status).toBe(200);
  });

  it('Open: anyone, an anonymous browser keeping one visitor row by its key', async () => {
    const { room, code } = await makeRoom('open');
    const key = newKey();
    expect((await view(code, { key }, true)).status).toBe(200);
    expect((await view(code, { key }, true)).status).toBe(200);
    expect((await view(code, { bearer: stranger.bearer })).status).toBe(200);
    expect((await view(code, { bearer: owner.bearer })).body.viewer.kind).toBe('admin');
    const holder = await redeemedSession(room.id, code);
    expect((await view(code, { session: holder.session })).status).toBe(200);
    const rows = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.roomId, room.id));
    const anonymous = rows.filter((v) => v.key === key);
    expect(anonymous).toHaveLength(1);
    expect(anonymous[0].timesVisited).toBe(2);
    // A malformed key is no key: an open room asks for one.
    expect((await view(code, { key: 'short' })).status).toBe(400);
  });

  it('a session of one room opens no other room, even of the same workspace', async () => {
    const a = await makeRoom('private');
    const b = await makeRoom('private');
    const holder = await redeemedSession(a.room.id, a.code);
    expect((await view(a.code, { session: holder.session })).status).toBe(200);
    expect((await view(b.code, { session: holder.session })).status).toBe(401);
  });

  it('an admin of another workspace is a stranger here', async () => {
    const { code } = await makeRoom('private');
    const res = await view(code, { bearer: stranger.bearer });
    expect(res.status).toBe(403);
  });

  it('refuses a disconnected visitor (403), by session, sign-in or key', async () => {
    const { room, code } = await makeRoom('open');
    const holder = await redeemedSession(room.id, code);
    const key = newKey();
    expect((await view(code, { key })).status).toBe(200);
    expect((await view(code, { bearer: stranger.bearer })).status).toBe(200);
    await t.ctx.db
      .update(roomVisitors)
      .set({ disconnectedAt: new Date() })
      .where(eq(roomVisitors.roomId, room.id));
    for (const who of [{ session: holder.session }, { key }, { bearer: stranger.bearer }]) {
      const res = await view(code, who);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(VISITOR_MESSAGES.disconnected);
    }
  });

  it("revoking a personal link ends its holder's access to a private room", async () => {
    const { room, code } = await makeRoom('private');
    const holder = await redeemedSession(room.id, code);
    await t.ctx.db.update(roomCodes).set({ revokedAt: new Date() }).where(eq(roomCodes.roomId, room.id));
    expect((await view(code, { session: holder.session })).status).toBe(401);
  });
});

describe('personal links', () => {
  it('redeems once; reuse is E_CODE_REDEEMED with the limited-access text', async () => {
    const { room, code } = await makeRoom('private');
    const email = uniqueEmail('once');
    const link = await personalLink(room.id, email);
    const first = await call(
      'POST',
      `/api/guest/rooms/${code}/redeem`,
      {},
      { id: link.id, code: link.secret },
    );
    expect(first.status).toBe(200);
    expect(first.body.session).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const again = await call(
      'POST',
      `/api/guest/rooms/${code}/redeem`,
      {},
      { id: link.id, code: link.secret },
    );
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'E_CODE_REDEEMED', message: ROOM_MESSAGES.codeRedeemedLimited });
  });

  it("refuses a wrong secret, another room's link and a revoked link with E_CODE_INVALID", async () => {
    const a = await makeRoom('private');
    const b = await makeRoom('private');
    const link = await personalLink(a.room.id, uniqueEmail());
    const wrong = await call(
      'POST',
      `/api/guest/rooms/${a.code}/redeem`,
      {},
      { id: link.id, code: 'x'.repeat(43) },
    );
    expect(wrong.body.code).toBe('E_CODE_INVALID');
    const elsewhere = await call(
      'POST',
      `/api/guest/rooms/${b.code}/redeem`,
      {},
      { id: link.id, code: link.secret },
    );
    expect(elsewhere.body).toMatchObject({ code: 'E_CODE_INVALID', message: VISITOR_MESSAGES.inviteInvalid });
    await t.ctx.db.update(roomCodes).set({ revokedAt: new Date() }).where(eq(roomCodes.id, link.rowId));
    const revoked = await call(
      'POST',
      `/api/guest/rooms/${a.code}/redeem`,
      {},
      { id: link.id, code: link.secret },
    );
    expect(revoked.body).toMatchObject({ code: 'E_CODE_INVALID', message: ROOM_MESSAGES.revoked });
  });

  it('locks after 5 wrong secrets: the right one is refused too', async () => {
    const { room, code } = await makeRoom('private');
    const link = await personalLink(room.id, uniqueEmail());
    for (let i = 0; i < 5; i++) {
      const res = await call(
        'POST',
        `/api/guest/rooms/${code}/redeem`,
        {},
        { id: link.id, code: `wrong-${i}` },
      );
      expect(res.body.code).toBe('E_CODE_INVALID');
    }
    const locked = await call(
      'POST',
      `/api/guest/rooms/${code}/redeem`,
      {},
      { id: link.id, code: link.secret },
    );
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('E_CODE_RETRY');
  });

  it('links the visitor to the user who has the invited email', async () => {
    const { room, code } = await makeRoom('private');
    const invited = await signedIn(t);
    await redeemedSession(room.id, code, invited.email);
    const [visitor] = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.roomId, room.id));
    expect(visitor.userId).toBe(invited.user.id);
    // Signed in as that user, the holder gets in without the session too.
    expect((await view(code, { bearer: invited.bearer })).status).toBe(200);
  });

  it('lets no one in as a link holder by registering the invited address without proving it', async () => {
    const { room, code } = await makeRoom('private');
    // Someone registers the invitee's address first (signed in at once, the address not yet confirmed).
    const squatter = await signedIn(t, { verified: false });
    const { session } = await redeemedSession(room.id, code, squatter.email);
    // The invitee, who got the email, is in by the link's session…
    expect((await view(code, { session })).status).toBe(200);
    // …but the unconfirmed account with that address is not let in by it.
    const res = await view(code, { bearer: squatter.bearer });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('documents');
  });

  it('gives an unconfirmed account of the invited address nothing of the invitee’s visitor row', async () => {
    const { room, code } = await makeRoom('sign-in');
    const squatter = await signedIn(t, { verified: false });
    const { session } = await redeemedSession(room.id, code, squatter.email);
    await call(
      'POST',
      `/api/guest/rooms/${code}/history`,
      { session },
      { action: 'view', label: 'Term sheet' },
    );
    const [invitee] = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.roomId, room.id));
    expect(invitee.userId).toBeNull();
    // Signed in (a Sign-in Required room lets any account in), the squatter is a visitor of their own.
    const theirs = await call('GET', `/api/guest/rooms/${code}/history`, { bearer: squatter.bearer });
    expect(theirs.status).toBe(200);
    expect(theirs.body.history).toEqual([]);
  });
});

describe('visits, history and what is new', () => {
  it('counts a visit per page load, not per poll, and marks what changed since the previous visit', async () => {
    const { room, code } = await makeRoom('open');
    await addFile(room.id, 'old.pdf');
    const key = newKey();
    const first = await view(code, { key }, true);
    expect(first.body.documents.map((d: Json) => d.is_new)).toEqual([false]);
    await view(code, { key });
    await view(code, { key });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await addFile(room.id, 'new.pdf');
    await t.ctx.db
      .insert(roomLinks)
      .values({ roomId: room.id, label: 'Site', link: 'https://example.com', position: 1 });
    const second = await view(code, { key }, true);
    expect(second.body.viewer.previous_visit_at).not.toBeNull();
    const marks = Object.fromEntries(second.body.documents.map((d: Json) => [d.label, d.is_new]));
    expect(marks).toEqual({ 'old.pdf': false, 'new.pdf': true });
    expect(second.body.links[0].is_new).toBe(true);
    const [visitor] = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.key, key));
    expect(visitor.timesVisited).toBe(2);
    const visits = await t.ctx.db.select().from(roomHistory).where(eq(roomHistory.visitorId, visitor.id));
    expect(visits.filter((h) => h.action === 'visit')).toHaveLength(2);
  });

  it('records views with page and seconds; each visitor reads only their own history', async () => {
    const { room, code } = await makeRoom('open');
    const file = await addFile(room.id);
    const other = await addFile(null, 'elsewhere.pdf');
    const me = newKey();
    const you = newKey();
    await view(code, { key: me }, true);
    await view(code, { key: you }, true);
    const entry = {
      action: 'view',
      label: 'deck.pdf',
      sublabel: 'page 2',
      file_id: file.id,
      page: 2,
      seconds: 14,
    };
    expect((await call('POST', `/api/guest/rooms/${code}/history`, { key: me }, entry)).status).toBe(204);
    const notInRoom = await call(
      'POST',
      `/api/guest/rooms/${code}/history`,
      { key: me },
      { ...entry, file_id: other.id },
    );
    expect(notInRoom.status).toBe(404);
    const bad = await call('POST', `/api/guest/rooms/${code}/history`, { key: me }, { action: 'delete' });
    expect(bad.status).toBe(400);
    const mine = await call('GET', `/api/guest/rooms/${code}/history`, { key: me });
    expect(mine.body.history.map((h: Json) => [h.action, h.page, h.seconds])).toEqual([
      ['view', 2, 14],
      ['visit', null, null],
    ]);
    const yours = await call('GET', `/api/guest/rooms/${code}/history`, { key: you });
    expect(yours.body.history.map((h: Json) => h.action)).toEqual(['visit']);
    const [visitor] = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.key, me));
    expect(visitor.docInteractions).toBe(1);
  });

  it('POST /api/user/rooms/{id}/history records for a member of the room’s workspace, and no one else', async () => {
    const { room } = await makeRoom('sign-in');
    const openRoom = await makeRoom('open');
    const privateRoom = await makeRoom('private');
    const user = await signedIn(t, { company: null });
    await t.ctx.db
      .insert(memberships)
      .values({ userId: user.user.id, accountId: owner.account!.id, isAdmin: false });
    const url = `/api/user/rooms/${room.id}/history`;
    const file = await addFile(room.id, 'memo.pdf');
    const viewed = { action: 'view', file_id: file.id, page: 1, seconds: 3 };
    expect((await call('POST', url, {}, viewed)).status).toBe(401);
    expect((await call('POST', url, { bearer: user.bearer }, viewed)).status).toBe(204);
    const refused = await call(
      'POST',
      `/api/user/rooms/${privateRoom.room.id}/history`,
      { bearer: user.bearer },
      { action: 'form' },
    );
    expect(refused.status).toBe(403);
    const [visitor] = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.userId, user.user.id));
    const rows = await t.ctx.db.select().from(roomHistory).where(eq(roomHistory.visitorId, visitor.id));
    expect(rows.map((r) => [r.action, r.label, r.sublabel])).toEqual([['view', 'memo.pdf', 'Page 1']]);
    // A stranger knows no code: a room's id (guessable) lets them neither in nor into its visitor list.
    const stranger = await signedIn(t);
    for (const id of [room.id, openRoom.room.id]) {
      const res = await call(
        'POST',
        `/api/user/rooms/${id}/history`,
        { bearer: stranger.bearer },
        { action: 'view' },
      );
      expect(res.status).toBe(404);
    }
    const theirs = await t.ctx.db
      .select()
      .from(roomVisitors)
      .where(eq(roomVisitors.userId, stranger.user.id));
    expect(theirs).toEqual([]);
  });
});

describe('the overview’s resource tables', () => {
  it('send a visitor a social security number only as its last 4 digits (admins see it whole)', async () => {
    const { room, code } = await makeRoom('open');
    const [person] = await t.ctx.db
      .insert(resources)
      .values({ accountId: owner.account!.id, resourceTypeId: 2, name: 'Ada Lovelace' })
      .returning();
    await t.ctx.db.insert(resourceFeatures).values([
      { resourceId: person.id, key: 'ssn', value: '123-45-6789' },
      { resourceId: person.id, key: 'email', value: 'ada@example.com' },
    ]);
    const fields = [
      { key: 'email', label: 'Email', type: 'email' },
      { key: 'ssn', label: 'SSN', type: 'social_security' },
    ];
    const [table] = await t.ctx.db
      .insert(roomTables)
      .values({ roomId: room.id, resourceTypeId: 2, label: 'People', fields, position: 1 })
      .returning();
    await t.ctx.db
      .insert(roomTableRows)
      .values({ roomTableId: table.id, resourceId: person.id, position: 1 });
    const res = await view(code, { key: newKey() });
    expect(res.status).toBe(200);
    expect(res.body.overview.tables[0].rows[0].values).toEqual({ email: 'ada@example.com', ssn: '6789' });
    expect(JSON.stringify(res.body)).not.toContain('123-45');
    const admin = await view(code, { bearer: owner.bearer });
    expect(admin.body.overview.tables[0].rows[0].values.ssn).toBe('123-45-6789');
  });
});

describe('who counts as the room’s admin', () => {
  it('a remote-login session bound to another workspace is no admin of this one’s room', async () => {
    const { code } = await makeRoom('private');
    // An admin of the owner's workspace who also owns a workspace of their own.
    const both = await signedIn(t);
    await t.ctx.db
      .insert(memberships)
      .values({ userId: both.user.id, accountId: owner.account!.id, isAdmin: true });
    expect((await view(code, { bearer: both.bearer })).body.viewer.kind).toBe('admin');
    // Staff sign in as them for their own workspace: that session acts there only, not in this room.
    const staff = await signedIn(t, { staff: true, company: null });
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/remote',
      headers: { authorization: staff.bearer },
      payload: {
        user_id: both.user.id,
        account_id: both.account!.id,
        reason: 'Ticket 12: their own workspace',
      },
    });
    expect(remote.statusCode, remote.body).toBe(200);
    const bound = `Bearer ${(remote.json() as { id_token: string }).id_token}`;
    const res = await view(code, { bearer: bound });
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain('admin_path');
  });

  it('an admin of a restricted (role 3) workspace is a visitor like any other: it has no rooms', async () => {
    const restricted = await signedIn(t);
    const theirs = await makeRoom('private', {}, restricted.account!.id);
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, restricted.account!.id));
    expect((await view(theirs.code, { bearer: restricted.bearer })).status).toBe(403);
  });
});

describe('files', () => {
  it("serves a room's file to its viewer, and no file of another room or of the workspace", async () => {
    const { room, code } = await makeRoom('open');
    const other = await makeRoom('open');
    const file = await addFile(room.id);
    const theirs = await addFile(other.room.id, 'theirs.pdf');
    const loose = await addFile(null, 'cabinet.pdf');
    const key = newKey();
    const preview = await call('GET', `/api/guest/rooms/${code}/file/${file.id}`, { key });
    expect(preview.status).toBe(200);
    expect(preview.raw.headers['content-type']).toBe('application/pdf');
    expect(preview.raw.body).toContain('deck.pdf');
    for (const id of [theirs.id, loose.id, 999_999]) {
      expect((await call('GET', `/api/guest/rooms/${code}/file/${id}`, { key })).status).toBe(404);
      expect((await call('GET', `/api/guest/rooms/${code}/file/${id}/token`, { key })).status).toBe(404);
    }
    // A private room's file is not served to an anonymous browser.
    const closed = await makeRoom('private');
    const secret = await addFile(closed.room.id, 'secret.pdf');
    expect((await call('GET', `/api/guest/rooms/${closed.code}/file/${secret.id}`, { key })).status).toBe(
      401,
    );
  });

  it('a file token opens its one file in its one room, without headers, until it expires', async () => {
    const { room, code } = await makeRoom('open');
    const other = await makeRoom('open');
    const a = await addFile(room.id, 'a.pdf');
    const b = await addFile(room.id, 'b.pdf');
    const theirs = await addFile(other.room.id, 'theirs.pdf');
    const key = newKey();
    const link = await call('GET', `/api/guest/rooms/${code}/file/${a.id}/token`, { key });
    expect(link.status).toBe(200);
    const token = link.body.token as string;
    expect(link.body.url).toBe(`/api/guest/rooms/${code}/file/${a.id}?token=${token}`);
    expect((await call('GET', link.body.url)).status).toBe(200);
    expect((await call('GET', `/api/guest/rooms/${code}/file/${b.id}?token=${token}`)).status).toBe(404);
    expect(
      (await call('GET', `/api/guest/rooms/${other.code}/file/${theirs.id}?token=${token}`)).status,
    ).toBe(404);
    expect((await call('GET', `/api/guest/rooms/${other.code}/file/${a.id}?token=${token}`)).status).toBe(
      404,
    );
  });

  it('read-only rooms preview but refuse downloads, except to a visitor who signs the document', async () => {
    const { room, code } = await makeRoom('open', { readOnly: true });
    const file = await addFile(room.id);
    const signed = await addFile(null, 'nda.pdf');
    const user = await signedIn(t);
    const [doc] = await t.ctx.db
      .insert(documents)
      .values({
        accountId: owner.account!.id,
        fileId: signed.id,
        filename: 'nda.pdf',
        label: 'NDA',
        status: 'document.sent',
      })
      .returning();
    await t.ctx.db
      .insert(documentRecipients)
      .values({ accountId: owner.account!.id, documentId: doc.id, email: user.email, name: 'Signer' });
    await t.ctx.db
      .insert(roomDocuments)
      .values({ roomId: room.id, documentId: doc.id, label: 'NDA', position: 2 });
    const key = newKey();
    expect((await call('GET', `/api/guest/rooms/${code}/file/${file.id}`, { key })).status).toBe(200);
    const refused = await call('GET', `/api/guest/rooms/${code}/file/${file.id}?download=1`, { key });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(VISITOR_MESSAGES.readOnly);
    const asSigner = await view(code, { bearer: user.bearer });
    const byLabel = Object.fromEntries(asSigner.body.documents.map((d: Json) => [d.label, d]));
    expect(byLabel.NDA).toMatchObject({ requires_signature: true, can_download: true });
    expect(byLabel['deck.pdf']).toMatchObject({ requires_signature: false, can_download: false });
    expect(asSigner.body.signature_count).toBe(1);
    const download = await call('GET', `/api/guest/rooms/${code}/file/${signed.id}?download=1`, {
      bearer: user.bearer,
    });
    expect(download.status).toBe(200);
    expect(download.raw.headers['content-disposition']).toContain('attachment');
    // The owner's admins may always download.
    expect(
      (await call('GET', `/api/guest/rooms/${code}/file/${file.id}?download=1`, { bearer: owner.bearer }))
        .status,
    ).toBe(200);
  });
});

describe('unconfirmed addresses', () => {
  it('a signed-in account whose address is unconfirmed signs, downloads and matches nothing by it', async () => {
    const { room, code } = await makeRoom('sign-in', { readOnly: true });
    const signed = await addFile(null, 'spa.pdf');
    const squatter = await signedIn(t, { verified: false });
    const [doc] = await t.ctx.db
      .insert(documents)
      .values({
        accountId: owner.account!.id,
        fileId: signed.id,
        filename: 'spa.pdf',
        label: 'SPA',
        status: 'document.sent',
      })
      .returning();
    await t.ctx.db
      .insert(documentRecipients)
      .values({ accountId: owner.account!.id, documentId: doc.id, email: squatter.email, name: 'Signer' });
    await t.ctx.db
      .insert(roomDocuments)
      .values({ roomId: room.id, documentId: doc.id, label: 'SPA', position: 1 });
    const seen = await view(code, { bearer: squatter.bearer });
    expect(seen.status).toBe(200);
    expect(seen.body.documents[0]).toMatchObject({ requires_signature: false, can_download: false });
    const download = await call('GET', `/api/guest/rooms/${code}/file/${signed.id}?download=1`, {
      bearer: squatter.bearer,
    });
    expect(download.status).toBe(403);
    // Nor by a file link, which carries no headers (the viewer is read back from the visitor row).
    const link = await call('GET', `/api/guest/rooms/${code}/file/${signed.id}/token`, {
      bearer: squatter.bearer,
    });
    expect(link.status).toBe(200);
    expect((await call('GET', `${link.body.url}&download=1`)).status).toBe(403);
  });

  it('nor starts the room’s NDA under it', async () => {
    const nda = await addFile(null, 'nda.pdf');
    const { code } = await makeRoom('sign-in', { ndaFileId: nda.id });
    const squatter = await signedIn(t, { verified: false });
    const res = await call('POST', `/api/guest/rooms/${code}/nda`, { bearer: squatter.bearer });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NDA_MESSAGES.needsEmail);
    const made = await t.ctx.db
      .select()
      .from(documentRecipients)
      .where(eq(documentRecipients.email, squatter.email));
    expect(made).toEqual([]);
  });
});

describe('secrets', () => {
  it('no answer carries a code hash, a stored token hash or a personal-link secret', async () => {
    const { room, code } = await makeRoom('open');
    const file = await addFile(room.id);
    const link = await personalLink(room.id, uniqueEmail());
    const redeemed = await call(
      'POST',
      `/api/guest/rooms/${code}/redeem`,
      {},
      { id: link.id, code: link.secret },
    );
    const session = redeemed.body.session as string;
    const answers = [
      redeemed.raw.body,
      (await view(code, { session }, true)).raw.body,
      (await call('GET', `/api/guest/rooms/${code}/history`, { session })).raw.body,
      (await call('GET', `/api/guest/rooms/${code}/file/${file.id}/token`, { session })).raw.body,
    ].join('\n');
    const [stored] = await t.ctx.db.select().from(rooms).where(eq(rooms.id, room.id));
    for (const secret of [stored.codeHash, sha256(link.secret), link.secret, sha256(session)]) {
      expect(answers).not.toContain(secret);
    }
  });
});

describe('visitor verification by emailed code', () => {
  const codeIn = (text: string) => text.match(/: ([A-Z2-9]{8})\n/)?.[1] ?? '';

  it('an anonymous visitor proves an email with the 8-character code and gets a room session', async () => {
    const { code } = await makeRoom('open');
    const key = newKey();
    await view(code, { key }, true);
    const email = uniqueEmail('verify');
    const asked = await call('POST', `/api/guest/rooms/${code}/challenge`, { key }, { email });
    expect(asked.status).toBe(201);
    const { id, receipt } = asked.body;
    const [mail] = await t.mailTo(email);
    const secret = codeIn(mail.text);
    expect(secret).toHaveLength(8);
    expect(mail.text).toContain(`/verify-code/room-visitor?room=${code}&id=${id}`);
    // The asking browser polls the auth module's status with its receipt.
    const pending = await call('GET', `/api/authn/challenge/${id}?receipt=${receipt}`);
    expect(pending.body.status).toBe('pending');
    const short = await call('POST', `/api/guest/rooms/${code}/challenge/${id}`, {}, { code: 'ABC' });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ code: 'must be 8 characters' });
    const verified = await call('POST', `/api/guest/rooms/${code}/challenge/${id}`, {}, { code: secret });
    expect(verified.status).toBe(200);
    const seen = await view(code, { session: verified.body.session });
    expect(seen.body.viewer.email).toBe(email);
    const [visitor] = await t.ctx.db.select().from(roomVisitors).where(eq(roomVisitors.key, key));
    expect(visitor.email).toBe(email);
    expect(visitor.userId).not.toBeNull();
    // The mailed code proved the address, as the sign-in challenge's does.
    const [proved] = await t.ctx.db.select().from(users).where(eq(users.id, visitor.userId!));
    expect(proved.emailVerifiedAt).not.toBeNull();
    // Once only.
    const again = await call('POST', `/api/guest/rooms/${code}/challenge/${id}`, {}, { code: secret });
    expect(again.body.code).toBe('E_CODE_REDEEMED');
  });

  it("a challenge is redeemed only in its own room, and a private room's stranger cannot ask", async () => {
    const a = await makeRoom('open');
    const b = await makeRoom('open');
    const key = newKey();
    await view(a.code, { key });
    const email = uniqueEmail('verify');
    const asked = await call('POST', `/api/guest/rooms/${a.code}/challenge`, { key }, { email });
    const secret = codeIn((await t.mailTo(email))[0].text);
    const elsewhere = await call(
      'POST',
      `/api/guest/rooms/${b.code}/challenge/${asked.body.id}`,
      {},
      { code: secret },
    );
    expect(elsewhere.body.code).toBe('E_CODE_INVALID');
    const closed = await makeRoom('private');
    const refused = await call('POST', `/api/guest/rooms/${closed.code}/challenge`, { key }, { email });
    expect(refused.status).toBe(401);
    const bad = await call('POST', `/api/guest/rooms/${a.code}/challenge`, { key }, { email: 'nope' });
    expect(bad.status).toBe(400);
  });
});

describe("the room's forms (Connected Form tab)", () => {
  let stranger: SignedIn;
  beforeAll(async () => {
    stranger = await signedIn(t);
  });
  /** An outside form of a workflow of the owner's workspace, its code made as outside-forms makes it. */
  async function addForm(
    roomId: number | null,
    extra: Partial<typeof outsideForms.$inferInsert> = {},
    transactionId?: number,
  ) {
    const accountId = owner.account!.id;
    const [project] = await t.ctx.db
      .insert(projects)
      .values({ accountId, templateId: 'any', label: 'Seed round' })
      .returning();
    const [group] = await t.ctx.db
      .insert(transactions)
      .values({ accountId, projectId: project.id, templateKey: 'g', position: 0, label: 'Diligence' })
      .returning();
    const [form] = await t.ctx.db
      .insert(outsideForms)
      .values({
        accountId,
        transactionId: transactionId ?? group.id,
        roomId,
        name: 'Investor questionnaire',
        codeHash: `pending:${randomToken()}`,
        ...extra,
      })
      .returning();
    const code = deriveCode(await linkSecret(t.ctx, t.ctx.db), 'form', form.id, form.codeGeneration);
    await t.ctx.db
      .update(outsideForms)
      .set({ codeHash: codeHash(code) })
      .where(eq(outsideForms.id, form.id));
    return { form, code, transactionId: group.id };
  }
  const forms = (code: string, who?: Who) => call('GET', `/api/guest/rooms/${code}/forms`, who);

  it("lists the room's open forms under the room's code, and no other room's, completed or cancelled form", async () => {
    const { room, code } = await makeRoom('private');
    const other = await makeRoom('private');
    const open = await addForm(room.id);
    await addForm(room.id, { name: 'Done', state: 'completed' });
    await addForm(room.id, { name: 'Cancelled', cancelledAt: new Date() });
    await addForm(other.room.id, { name: 'Elsewhere' });
    await addForm(null, { name: 'Unconnected' });
    const holder = await redeemedSession(room.id, code);
    const res = await forms(code, { session: holder.session });
    expect(res.status).toBe(200);
    expect(res.body.forms).toEqual([
      {
        id: open.form.id,
        name: 'Investor questionnaire',
        description: '',
        path: `/data-room/${code}/outside-form/${open.code}`,
      },
    ]);
    // The link's code is the form's own (the public form page finds the form by its hash).
    const [found] = await t.ctx.db
      .select({ id: outsideForms.id })
      .from(outsideForms)
      .where(eq(outsideForms.codeHash, codeHash(open.code)));
    expect(found.id).toBe(open.form.id);
    // No stored hash travels.
    expect(JSON.stringify(res.body)).not.toContain(codeHash(open.code));
  });

  it("lists the forms of the room's own workflow to its admins, and to a visitor only those sent to them", async () => {
    const first = await addForm(null, { name: 'Of the workflow' });
    const { room, code } = await makeRoom('private', { transactionId: first.transactionId });
    const res = await forms(code, { bearer: owner.bearer });
    expect(res.body.forms.map((f: { name: string }) => f.name)).toEqual(['Of the workflow']);
    // A workflow-wide form (every investor's answers) is not every visitor's: only the one it was sent to.
    const holder = await redeemedSession(room.id, code);
    const names = async (session: string) =>
      (await forms(code, { session })).body.forms.map((f: { name: string }) => f.name);
    expect(await names(holder.session)).toEqual([]);
    await addForm(null, { name: 'Sent to the holder', assignedEmail: holder.email }, first.transactionId);
    expect(await names(holder.session)).toEqual(['Sent to the holder']);
  });

  it('lists a form sent to one email only to that visitor (and the admins)', async () => {
    const { room, code } = await makeRoom('private');
    const holder = await redeemedSession(room.id, code);
    const other = await redeemedSession(room.id, code);
    await addForm(room.id, { name: 'For the holder', assignedEmail: holder.email.toUpperCase() });
    const names = async (who: Who) =>
      (await forms(code, who)).body.forms.map((f: { name: string }) => f.name);
    expect(await names({ session: holder.session })).toEqual(['For the holder']);
    expect(await names({ session: other.session })).toEqual([]);
    expect(await names({ bearer: owner.bearer })).toEqual(['For the holder']);
  });

  it("refuses strangers, another room's session, and revoked or malformed codes", async () => {
    const { room, code } = await makeRoom('private');
    const other = await makeRoom('private');
    await addForm(room.id);
    expect((await forms(code)).status).toBe(401);
    expect((await forms(code, { bearer: stranger.bearer })).status).toBe(403);
    const elsewhere = await redeemedSession(other.room.id, other.code);
    expect((await forms(code, { session: elsewhere.session })).status).toBe(401);
    expect((await forms('not-a-code')).status).toBe(404);
    await t.ctx.db
      .update(rooms)
      .set({ codeGeneration: room.codeGeneration + 1, codeHash: `revoked:${randomToken()}` })
      .where(eq(rooms.id, room.id));
    const revoked = await forms(code, { bearer: owner.bearer });
    expect(revoked.status).toBe(404);
    expect(revoked.body.message).toBe(ROOM_MESSAGES.revoked);
  });

  it("withholds the forms, like the documents, until the visitor's NDA is signed; admins see them", async () => {
    const nda = await addFile(null, 'nda.pdf');
    const { room, code } = await makeRoom('private', { ndaFileId: nda.id });
    await addForm(room.id);
    const holder = await redeemedSession(room.id, code);
    expect((await forms(code, { session: holder.session })).body.forms).toEqual([]);
    expect((await forms(code, { bearer: owner.bearer })).body.forms).toHaveLength(1);
  });
});
