import path from 'node:path';
import {
  DATA_ROOM_FOLDER,
  INVITE_ONLY_UNAVAILABLE,
  ROOM_ADMIN_MESSAGES,
  ROOM_MESSAGES,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  documentRecipients,
  documents,
  files,
  memberships,
  rooms,
  roomVisitors,
} from '../src/db/schema/index.ts';
import { codeHash } from '../src/modules/rooms/link-codes.ts';
import { loadRoomOverview } from '../src/modules/rooms/overview.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import {
  accessToken,
  accountCaller,
  createUser,
  type Json,
  login,
  type SignedIn,
  signedIn,
} from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { fillWorkspace, PDF, uploadAs, type WorkspaceRows } from './support/workspace-rows.ts';

const base = '/api/account/admin/room';

describe('rooms, admin side (spec 3 §2–§7)', () => {
  let t: TestApp;
  let me: SignedIn;
  let other: SignedIn;
  let mine: WorkspaceRows;
  let theirs: WorkspaceRows;
  /** A member of my workspace who is not its admin. */
  let member: SignedIn;
  const call = accountCaller(() => t);
  const userGet = (who: SignedIn, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: who.bearer } });

  async function memberOf(accountId: number, isAdmin: boolean): Promise<SignedIn> {
    const created = await createUser(t, { company: null });
    await t.ctx.db.insert(memberships).values({ userId: created.user.id, accountId, isAdmin });
    const { idToken, cookie } = await login(t, created.email, created.password!);
    const access = await accessToken(t, idToken, accountId);
    return {
      ...created,
      idToken,
      cookie,
      access,
      bearer: `Bearer ${idToken}`,
      accountBearer: `Bearer ${access}`,
    };
  }

  const newRoom = async (body: Json = { label: 'Data room', type: 'data-room' }) => {
    const res = await call(me, 'POST', base, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
    me = await signedIn(t);
    other = await signedIn(t);
    mine = await fillWorkspace(t, me, 'test-module-two');
    theirs = await fillWorkspace(t, other, 'test-module-two');
    member = await memberOf(me.account!.id, false);
  });
  afterAll(() => t.close());

  it('creates rooms: a name is required, a type is optional, a group room takes its workflow', async () => {
    expect((await call(null, 'POST', base, { label: 'X' })).status).toBe(401);
    const empty = await call(me, 'POST', base, { label: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(ROOM_ADMIN_MESSAGES.nameRequired);
    expect((await call(me, 'POST', base, { label: 'X', type: 'vault' })).status).toBe(400);

    const room = await newRoom({ label: ' Closing room ', type: 'deal', transaction_id: mine.transactionId });
    expect(room).toMatchObject({
      label: 'Closing room',
      type: 'deal',
      status: '',
      open: false,
      require_auth: false,
      strict: false,
      transaction_id: mine.transactionId,
      project_id: mine.projectId,
      abilities: { edit: true, settings: true, share: true, delete: true },
    });
    // The code is derived: the row keeps only a hash, never a pending placeholder.
    const [row] = await t.ctx.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(row.codeHash).not.toMatch(/^pending:/);

    const list = await call(me, 'GET', base);
    expect((list.body as Json[]).map((r) => r.id)).toContain(room.id);
    expect((list.body as Json[]).map((r) => r.id)).not.toContain(theirs.roomId);
  });

  it('lists only open rooms with open=true', async () => {
    const open = await newRoom({ label: 'Open one' });
    await call(me, 'PUT', `${base}/${open.id}`, { open: true });
    const closed = await newRoom({ label: 'Closed one' });
    const ids = ((await call(me, 'GET', `${base}?open=true`)).body as Json[]).map((r) => r.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
  });

  it('keeps the access rules: Invite Only unavailable, sign-in only while open', async () => {
    const room = await newRoom();
    const strict = await call(me, 'PUT', `${base}/${room.id}`, { strict: true });
    expect(strict.status).toBe(400);
    expect(strict.body.message).toBe(INVITE_ONLY_UNAVAILABLE);

    const closedSignIn = await call(me, 'PUT', `${base}/${room.id}`, { require_auth: true });
    expect(closedSignIn.status).toBe(400);
    expect(closedSignIn.body.message).toBe(ROOM_ADMIN_MESSAGES.signInWhileOpen);

    const signIn = await call(me, 'PUT', `${base}/${room.id}`, { open: true, require_auth: true });
    expect(signIn.body).toMatchObject({ open: true, require_auth: true });
    const privateAgain = await call(me, 'PUT', `${base}/${room.id}`, { open: false });
    expect(privateAgain.body).toMatchObject({ open: false, require_auth: true });
    expect((await call(me, 'PUT', `${base}/${room.id}`, { require_auth: false })).status).toBe(400);
    const reopened = await call(me, 'PUT', `${base}/${room.id}`, { open: true, init_room: true });
    expect(reopened.status).toBe(200);
    expect(reopened.body.open).toBe(true);
  });

  it('keeps the status rules: typed rooms only, any of the statuses or Remove Status', async () => {
    const untyped = await newRoom({ label: 'Plain' });
    const refused = await call(me, 'PUT', `${base}/${untyped.id}`, { status: 'Active' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ROOM_ADMIN_MESSAGES.statusUntyped);
    const typed = await newRoom();
    expect((await call(me, 'PUT', `${base}/${typed.id}`, { status: 'Dissolved' })).body.status).toBe(
      'Dissolved',
    );
    expect((await call(me, 'PUT', `${base}/${typed.id}`, { status: 'Merged' })).status).toBe(400);
    expect((await call(me, 'PUT', `${base}/${typed.id}`, { status: '' })).body.status).toBe('');
  });

  it('renames, sets read only, watermark and a cabinet PDF as NDA', async () => {
    const room = await newRoom();
    const empty = await call(me, 'PUT', `${base}/${room.id}`, { label: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(ROOM_MESSAGES.emptyName);
    const updated = await call(me, 'PUT', `${base}/${room.id}`, {
      label: 'Renamed',
      read_only: true,
      watermark: true,
    });
    expect(updated.body).toMatchObject({ label: 'Renamed', read_only: true, watermark: true });
    // The Word file of the cabinet is no PDF; the task's uploaded PDF is.
    const word = await call(me, 'PUT', `${base}/${room.id}`, { nda_file_id: mine.cabinetFileId });
    expect(word.status).toBe(400);
    expect(word.body.message).toBe(ROOM_ADMIN_MESSAGES.ndaNotPdf);
    const nda = await call(me, 'PUT', `${base}/${room.id}`, { nda_file_id: mine.documentFileId });
    expect(nda.body.nda_file_id).toBe(mine.documentFileId);
    expect((await call(me, 'PUT', `${base}/${room.id}`, { nda_file_id: null })).body.nda_file_id).toBeNull();
  });

  it('gives the general access link to admins and kills it on regenerate', async () => {
    const room = await newRoom();
    const link = await call(me, 'GET', `${base}/${room.id}/code-link`);
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`/data-room/${link.body.code}$`));
    const hashOf = async () => (await t.ctx.db.select().from(rooms).where(eq(rooms.id, room.id)))[0].codeHash;
    expect(await hashOf()).toBe(codeHash(link.body.code));
    // Asked again, the same link (derived, not stored).
    expect((await call(me, 'GET', `${base}/${room.id}/code-link`)).body.code).toBe(link.body.code);
    const renewed = await call(me, 'POST', `${base}/${room.id}/code-link/regenerate`);
    expect(renewed.body.code).not.toBe(link.body.code);
    expect(await hashOf()).toBe(codeHash(renewed.body.code));
    expect((await call(member, 'GET', `${base}/${room.id}/code-link`)).status).toBe(403);
  });

  it('adds links: a URL is required, https:// prepended, the URL as default label; edit, swap, remove', async () => {
    const room = await newRoom();
    const url = `${base}/${room.id}/link`;
    const empty = await call(me, 'POST', url, { link: '  ', label: 'Nothing' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(ROOM_ADMIN_MESSAGES.linkRequired);
    const first = (await call(me, 'POST', url, { link: 'example.com/deck' })).body;
    expect(first).toMatchObject({ link: 'https://example.com/deck', label: 'https://example.com/deck' });
    const second = (await call(me, 'POST', url, { link: 'http://example.org', label: 'Org' })).body;
    expect(second).toMatchObject({ link: 'http://example.org', label: 'Org' });

    const edited = await call(me, 'PUT', `${url}/${first.id}`, { link: 'deck.example', label: 'Deck' });
    expect(edited.body).toMatchObject({ link: 'https://deck.example', label: 'Deck' });
    const swapped = await call(me, 'PATCH', `${url}/${first.id}/swap/${second.id}`);
    expect((swapped.body as Json[]).map((l) => l.id)).toEqual([second.id, first.id]);
    expect((await call(me, 'PATCH', `${url}/${first.id}/swap/${mine.roomLinkId}`)).status).toBe(404);
    expect((await call(me, 'DELETE', `${url}/${second.id}`)).status).toBe(204);
    expect(((await call(me, 'GET', url)).body as Json[]).map((l) => l.id)).toEqual([first.id]);
  });

  it('adds documents from the cabinet, from a workflow and by upload; renames, swaps, removes', async () => {
    const room = await newRoom();
    const url = `${base}/${room.id}/document`;
    const none = await call(me, 'POST', url, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(ROOM_ADMIN_MESSAGES.documentRequired);

    const cabinet = await call(me, 'POST', url, { file_id: mine.cabinetFileId });
    expect(cabinet.status).toBe(201);
    expect(cabinet.body).toMatchObject({
      label: 'letter.docx',
      file_id: mine.cabinetFileId,
      document_id: null,
    });
    const workflow = await call(me, 'POST', url, { document_history_id: mine.documentId });
    expect(workflow.body).toMatchObject({ document_id: mine.documentId, file_id: mine.documentFileId });
    expect((await call(me, 'POST', url, { file_id: theirs.cabinetFileId })).status).toBe(404);

    const uploaded = await uploadAs(t, me, `${url}/upload`, [{ filename: 'deck.pdf', content: PDF }]);
    expect(uploaded.status).toBe(201);
    const [upload] = uploaded.body as unknown as Json[];
    expect(upload.label).toBe('deck.pdf');
    const [stored] = await t.ctx.db.select().from(files).where(eq(files.id, upload.file_id));
    expect(stored.folder).toBe(DATA_ROOM_FOLDER);

    const renamed = await call(me, 'PUT', `${url}/${cabinet.body.id}`, { label: 'Engagement letter' });
    expect(renamed.body.label).toBe('Engagement letter');
    const empty = await call(me, 'PUT', `${url}/${cabinet.body.id}`, { label: '' });
    expect(empty.body.message).toBe(ROOM_MESSAGES.emptyName);

    const swapped = await call(me, 'PATCH', `${url}/${cabinet.body.id}/swap/${upload.id}`);
    expect((swapped.body as Json[]).map((d) => d.id)).toEqual([upload.id, workflow.body.id, cabinet.body.id]);
    expect((await call(me, 'DELETE', `${url}/${workflow.body.id}`)).status).toBe(204);
    const listed = (await call(me, 'GET', url)).body as Json[];
    expect(listed.map((d) => d.id)).toEqual([upload.id, cabinet.body.id]);
  });

  it('builds resource tables: table, record, fields, rename (never to empty), removals', async () => {
    const room = await newRoom();
    const url = `${base}/${room.id}/feature`;
    const { resource_type_id: typeId } = (await call(me, 'GET', `/api/account/resource/${mine.resourceId}`))
      .body;
    const noFields = await call(me, 'POST', url, { kind: 'table', resource_type_id: typeId, fields: [] });
    expect(noFields.status).toBe(400);
    expect(noFields.body.message).toBe(ROOM_ADMIN_MESSAGES.fieldsRequired);

    const table = await call(me, 'POST', url, {
      kind: 'table',
      resource_type_id: typeId,
      label: 'People',
      fields: [{ key: 'email', label: 'Email', type: 'email' }],
    });
    expect(table.status).toBe(201);
    expect(table.body.rows).toEqual([]);
    const record = await call(me, 'POST', url, {
      kind: 'record',
      table_id: table.body.id,
      resource_id: mine.resourceId,
    });
    expect(record.body.rows).toEqual([
      expect.objectContaining({ resource_id: mine.resourceId, name: 'Ada Lovelace' }),
    ]);
    const fields = await call(me, 'POST', url, {
      kind: 'fields',
      table_id: table.body.id,
      fields: [
        { key: 'email', label: 'Email', type: 'email' },
        { key: 'title', label: 'Title', type: 'text' },
      ],
    });
    expect(fields.body.fields.map((f: Json) => f.key)).toEqual(['email', 'title']);

    const empty = await call(me, 'PUT', `${url}/${table.body.id}`, { label: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(ROOM_MESSAGES.emptyName);
    expect((await call(me, 'PUT', `${url}/${table.body.id}`, { label: 'Directors' })).body.label).toBe(
      'Directors',
    );

    expect((await call(me, 'DELETE', `${url}/${table.body.id}?field=title`)).status).toBe(204);
    expect((await call(me, 'DELETE', `${url}/${table.body.id}?resource_id=${mine.resourceId}`)).status).toBe(
      204,
    );
    let overview = (await call(me, 'GET', `${base}/${room.id}`)).body.overview;
    expect(overview.tables).toEqual([
      expect.objectContaining({
        label: 'Directors',
        fields: [expect.objectContaining({ key: 'email' })],
        rows: [],
      }),
    ]);
    expect((await call(me, 'DELETE', `${url}/${table.body.id}`)).status).toBe(204);
    overview = (await call(me, 'GET', `${base}/${room.id}`)).body.overview;
    expect(overview.tables).toEqual([]);

    const choices = await call(me, 'GET', `/api/account/feature?resource_type_id=${typeId}`);
    expect(choices.status).toBe(200);
    expect(Array.isArray(choices.body)).toBe(true);
  });

  it('shows documents needing signature: admins all, other viewers only their own', async () => {
    const room = await newRoom();
    await call(me, 'POST', `${base}/${room.id}/document`, { document_history_id: mine.documentId });
    await t.ctx.db.update(documents).set({ signingState: 'sent' }).where(eq(documents.id, mine.documentId));
    try {
      const admin = (await call(me, 'GET', `${base}/${room.id}`)).body;
      expect(admin.overview.badges.requiring_signature).toBe(1);
      expect(admin.overview.summary).toEqual({ documents: 1, required: 1 });
      // The member is no recipient: nothing for them to sign.
      const viewer = (await call(member, 'GET', `${base}/${room.id}`)).body;
      expect(viewer.overview.badges.requiring_signature).toBe(0);
      expect(viewer.room.abilities).toEqual({ edit: false, settings: false, share: false, delete: false });
      await t.ctx.db
        .update(documentRecipients)
        .set({ email: member.email.toUpperCase() })
        .where(eq(documentRecipients.id, mine.recipientId));
      const recipient = (await call(member, 'GET', `${base}/${room.id}`)).body;
      expect(recipient.overview.documents[0].requires_signature).toBe(true);
      await t.ctx.db
        .update(documentRecipients)
        .set({ signed: true })
        .where(eq(documentRecipients.id, mine.recipientId));
      expect((await call(me, 'GET', `${base}/${room.id}`)).body.overview.badges.requiring_signature).toBe(0);
    } finally {
      await t.ctx.db.update(documents).set({ signingState: null }).where(eq(documents.id, mine.documentId));
    }
  });

  it('loads the overview in a constant number of queries, whatever the room holds', async () => {
    /** The queries a call makes, counted as the statements it starts. */
    // Statements sent, counted at the driver's logger (as the bench does).
    const counted = async (roomId: number) => {
      let queries = 0;
      const session = (t.ctx.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } })
        .session;
      const before = [session.logger, session.options.logger];
      const logger = {
        logQuery: () => {
          queries += 1;
        },
      };
      session.logger = logger;
      session.options.logger = logger;
      try {
        await loadRoomOverview({
          tx: t.ctx.db,
          room: { id: roomId },
          viewer: { kind: 'visitor', emails: ['x@example.com'] },
        });
      } finally {
        [session.logger, session.options.logger] = before;
      }
      return queries;
    };
    const small = await newRoom();
    await call(me, 'POST', `${base}/${small.id}/document`, { document_history_id: mine.documentId });
    const big = await newRoom();
    const { resource_type_id: typeId } = (await call(me, 'GET', `/api/account/resource/${mine.resourceId}`))
      .body;
    for (let i = 0; i < 6; i++) {
      await call(me, 'POST', `${base}/${big.id}/document`, { document_history_id: mine.documentId });
      await call(me, 'POST', `${base}/${big.id}/document`, { file_id: mine.cabinetFileId });
      await call(me, 'POST', `${base}/${big.id}/link`, { link: `example.com/${i}` });
      await call(me, 'POST', `${base}/${big.id}/feature`, {
        kind: 'table',
        resource_type_id: typeId,
        fields: [{ key: 'email', label: 'Email', type: 'email' }],
        resource_ids: [mine.resourceId],
      });
    }
    await t.ctx.db.update(documents).set({ signingState: 'sent' }).where(eq(documents.id, mine.documentId));
    try {
      // Links, tables, rows with their values, reports and the documents' version in one statement, then
      // the documents themselves only when they changed (the signing state above moved the version).
      expect(await counted(big.id)).toBe(2);
      expect(await counted(big.id)).toBe(1);
      expect(await counted(small.id)).toBeLessThanOrEqual(2);
    } finally {
      await t.ctx.db.update(documents).set({ signingState: null }).where(eq(documents.id, mine.documentId));
    }
  });

  it("answers 404 to another workspace's room", async () => {
    expect((await call(me, 'GET', `${base}/${theirs.roomId}`)).status).toBe(404);
    expect((await call(me, 'PUT', `${base}/${theirs.roomId}`, { label: 'Mine' })).status).toBe(404);
    expect((await call(me, 'POST', `${base}/${theirs.roomId}/link`, { link: 'x.example' })).status).toBe(404);
  });

  it('lets members view rooms and refuses them every write', async () => {
    const room = await newRoom();
    expect((await call(member, 'GET', `${base}/${room.id}`)).status).toBe(200);
    expect((await call(member, 'GET', base)).status).toBe(200);
    expect((await call(member, 'POST', base, { label: 'Mine' })).status).toBe(403);
    expect((await call(member, 'PUT', `${base}/${room.id}`, { label: 'Mine' })).status).toBe(403);
    expect((await call(member, 'POST', `${base}/${room.id}/link`, { link: 'x.example' })).status).toBe(403);
    expect((await call(member, 'DELETE', `${base}/${room.id}`)).status).toBe(403);
    expect((await call(me, 'DELETE', `${base}/${room.id}`)).status).toBe(204);
    expect((await call(me, 'GET', `${base}/${room.id}`)).status).toBe(404);
  });

  it("lists the user's rooms across workspaces, leaving role-3 workspaces out", async () => {
    const room = await newRoom({ label: 'Across', type: 'report' });
    const res = await userGet(member, '/api/user/rooms');
    expect(res.statusCode).toBe(200);
    const listed = res.json() as Json[];
    expect(listed[0]).toMatchObject({ id: room.id, type: 'report', account: { id: me.account!.id } });
    expect(listed.map((r) => r.id)).not.toContain(theirs.roomId);
    const detail = await userGet(member, `/api/user/rooms/${mine.roomId}`);
    expect(detail.json()).toMatchObject({
      room: { id: mine.roomId, counts: { documents: 1, links: 1, tables: 1 } },
    });
    expect((await userGet(member, `/api/user/rooms/${theirs.roomId}`)).statusCode).toBe(404);

    // The list carries what the access badge needs; the detail adds the last visit: the room's latest by
    // anyone for its admins, the user's own for anyone else.
    expect(listed[0]).toMatchObject({ open: false, require_auth: false, strict: false });
    expect((await userGet(me, `/api/user/rooms/${mine.roomId}`)).json().last_visit_at).toBeNull();
    const at = new Date('2026-03-04T05:06:07.000Z');
    await t.ctx.db
      .insert(roomVisitors)
      .values({ roomId: mine.roomId, email: 'v@example.com', lastVisitedAt: at });
    expect((await userGet(me, `/api/user/rooms/${mine.roomId}`)).json().last_visit_at).toBe(at.toISOString());
    expect((await userGet(member, `/api/user/rooms/${mine.roomId}`)).json().last_visit_at).toBeNull();

    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, other.account!.id));
    try {
      expect((await userGet(other, '/api/user/rooms')).json()).toEqual([]);
      expect((await userGet(other, `/api/user/rooms/${theirs.roomId}`)).statusCode).toBe(404);
      const access = await accessToken(t, other.idToken, other.account!.id);
      const restricted = { ...other, accountBearer: `Bearer ${access}` };
      const refused = await call(restricted, 'GET', `${base}/${theirs.roomId}`);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ROOM_ADMIN_MESSAGES.restricted);
      expect((await call(restricted, 'POST', base, { label: 'R' })).status).toBe(403);
    } finally {
      await t.ctx.db.update(accounts).set({ roleId: 1 }).where(eq(accounts.id, other.account!.id));
    }
  });
});
