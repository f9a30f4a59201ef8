import path from 'node:path';
import { REPORT_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, memberships, resourceFeatures, rooms } from '../src/db/schema/index.ts';
import { loadRoomReports } from '../src/modules/reports/room-reports.ts';
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

const KEY = 'fund-close.investors';

describe('report tables: the catalogue, rows, sharing, room reports and a user’s reports', () => {
  let t: TestApp;
  let owner: SignedIn;
  let member: SignedIn;
  let stranger: SignedIn;
  let investor: { bearer: string; email: string };
  let roomId: number;
  let otherRoomId: number;
  const rowIds: Record<string, number> = {};
  const call = accountCaller(() => t);
  const ok = async (who: SignedIn, method: string, url: string, body?: unknown) => {
    const res = await call(who, method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const asUser = async (bearer: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/report',
      headers: { authorization: bearer },
    });
    return { status: res.statusCode, body: res.json() as Json[] };
  };
  const insertRoom = async (accountId: number) => {
    const [room] = await t.ctx.db
      .insert(rooms)
      .values({ accountId, label: 'Investor room', type: 'report', codeHash: `pending:${Math.random()}` })
      .returning();
    return room.id;
  };

  /** A Fund close workflow listing investors with their answers. */
  async function fundWith(who: SignedIn, people: { name: string; values: Record<string, string> }[]) {
    const project = await ok(who, 'POST', '/api/account/project_template/fund-close/create', {});
    const transactionId = (project.groupedTransactions[0] as Json).id as number;
    for (const person of people) {
      const resource = await ok(who, 'POST', '/api/account/resource', {
        name: person.name,
        transaction_id: transactionId,
        question_id: 'investors',
      });
      rowIds[person.name] = resource.id;
      for (const [key, value] of Object.entries(person.values)) {
        await ok(who, 'POST', '/api/account/flat_feature', {
          transaction_id: transactionId,
          feature_type_id: key,
          resource_id: resource.id,
          value,
        });
      }
    }
    return transactionId;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-reports'));
    owner = await signedIn(t);
    stranger = await signedIn(t);
    member = await signedIn(t, { company: null });
    const accountId = owner.account!.id;
    await t.ctx.db.insert(memberships).values({ userId: member.user.id, accountId, isAdmin: false });
    const access = await accessToken(t, member.idToken, accountId);
    member = { ...member, access, accountBearer: `Bearer ${access}` };
    const lp = await createUser(t, { email: 'lp-one@example.com', company: null });
    investor = { bearer: `Bearer ${(await login(t, lp.email, lp.password!)).idToken}`, email: lp.email };
    await fundWith(owner, [
      {
        name: '=HYPERLINK("evil")',
        values: { email: 'LP-one@example.com', ssn: '123456789', joined: '07/04/2025', stake: '12.5%' },
      },
      { name: 'Grace Hopper', values: { email: 'grace@example.com', joined: '01/02/2024', stake: '3%' } },
    ]);
    await fundWith(stranger, [{ name: 'Other Person', values: { email: 'lp-one@example.com' } }]);
    roomId = await insertRoom(accountId);
    otherRoomId = await insertRoom(stranger.account!.id);
  });
  afterAll(() => t.close());

  it('answers 401 without a token and refuses bad input with a message', async () => {
    expect((await call(null, 'GET', '/api/account/reports')).status).toBe(401);
    expect((await asUser('')).status).toBe(401);
    const bad = await call(owner, 'POST', '/api/account/shared_report', { feature_type_id: 'no key' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Invalid report');
    const unknown = await call(owner, 'POST', '/api/account/shared_report', {
      feature_type_id: 'fund-close.nope',
    });
    expect(unknown.status).toBe(404);
  });

  it('lists the workspace’s report tables from its workflows, with every listed row and its values', async () => {
    const res = await call(member, 'GET', '/api/account/reports');
    expect(res.status).toBe(200);
    const keys = (res.body as Json[]).map((r) => r.feature_type_id);
    expect(keys).toEqual(['fund-close.investors', 'fund-close.advisors']);
    const [investors, advisors] = res.body as Json[];
    expect(investors).toMatchObject({
      question_label: 'Investors',
      template_label: 'Fund close',
      resource_type_id: 2,
      has_email: true,
      sharing: null,
      abilities: { share: false, add_to_room: false },
    });
    expect(advisors).toMatchObject({ has_email: false, rows: [] });
    expect(investors.feature_types.map((c: Json) => [c.key, c.type])).toEqual([
      ['name', 'person_name'],
      ['email', 'email'],
      ['ssn', 'social_security'],
      ['joined', 'date'],
      ['stake', 'percent'],
    ]);
    expect(investors.rows).toHaveLength(2);
    expect(investors.rows[0]).toMatchObject({
      resource_id: rowIds['=HYPERLINK("evil")'],
      values: {
        name: '=HYPERLINK("evil")',
        email: 'LP-one@example.com',
        ssn: '123456789',
        joined: '07/04/2025',
      },
    });
    expect(Date.parse(investors.rows[0].created_at)).toBeGreaterThan(0);
    // Another workspace's people never appear.
    expect(JSON.stringify(res.body)).not.toContain('Other Person');
    const owners = await ok(owner, 'GET', '/api/account/reports');
    expect(owners[0].abilities).toEqual({ share: true, add_to_room: true });
  });

  it('lets only admins share a report, and toggles it and its rows', async () => {
    const refused = await call(member, 'POST', '/api/account/shared_report', { feature_type_id: KEY });
    expect(refused.status).toBe(403);
    const created = await ok(owner, 'POST', '/api/account/shared_report', {
      feature_type_id: KEY,
      is_active: false,
    });
    expect(created.message).toBe(REPORT_MESSAGES.sharingUpdated);
    expect(created.report).toMatchObject({
      feature_type_id: KEY,
      is_active: false,
      metadata: { resource_id: [] },
    });
    const id = created.report.id as number;
    expect((await call(member, 'PUT', `/api/account/shared_report/${id}`, { is_active: true })).status).toBe(
      403,
    );
    const on = await ok(owner, 'PUT', `/api/account/shared_report/${id}`, { is_active: true });
    expect(on.report.is_active).toBe(true);
    // A row of another workspace cannot be chosen.
    const foreign = await call(owner, 'PUT', `/api/account/shared_report/${id}`, {
      metadata: { resource_id: [rowIds['Other Person']] },
    });
    expect(foreign.status).toBe(404);
    const listed = await ok(member, 'GET', '/api/account/shared_report');
    expect(listed).toEqual([expect.objectContaining({ id, is_active: true })]);
    // Posting again updates the one row rather than making another.
    await ok(owner, 'POST', '/api/account/shared_report', { feature_type_id: KEY, is_active: true });
    expect(await ok(owner, 'GET', '/api/account/shared_report')).toHaveLength(1);
    // Another workspace's admin cannot reach it.
    expect(
      (await call(stranger, 'PUT', `/api/account/shared_report/${id}`, { is_active: false })).status,
    ).toBe(404);
  });

  it('shows members every chosen row and anyone else only the rows with their verified email', async () => {
    const memberView = await asUser(member.bearer);
    expect(memberView.status).toBe(200);
    expect(memberView.body).toHaveLength(1);
    expect(memberView.body[0]).toMatchObject({ feature_type_id: KEY, account: { id: owner.account!.id } });
    expect(memberView.body[0].rows).toHaveLength(2);
    // The investor is no member: only their own row, and only of an active report.
    const lpView = await asUser(investor.bearer);
    expect(lpView.body).toHaveLength(1);
    expect(lpView.body[0].rows.map((r: Json) => r.resource_id)).toEqual([rowIds['=HYPERLINK("evil")']]);
    // Outside the workspace a social security number leaves the server as its last 4 digits only.
    expect(lpView.body[0].rows[0].values.ssn).toBe('6789');
    expect(JSON.stringify(lpView.body)).not.toContain('12345');
    // The other workspace never shared its report: nothing of it shows.
    expect(JSON.stringify(lpView.body)).not.toContain('Other Person');
    // Narrowed to Grace's row, the investor sees nothing; turned off, members see nothing.
    const shared = (await ok(owner, 'GET', '/api/account/shared_report'))[0];
    await ok(owner, 'PUT', `/api/account/shared_report/${shared.id}`, {
      metadata: { resource_id: [rowIds['Grace Hopper']] },
    });
    expect((await asUser(investor.bearer)).body).toEqual([]);
    expect((await asUser(member.bearer)).body[0].rows).toHaveLength(1);
    await ok(owner, 'PUT', `/api/account/shared_report/${shared.id}`, {
      is_active: false,
      metadata: { resource_id: [] },
    });
    expect((await asUser(member.bearer)).body).toEqual([]);
  });

  it('puts report tables in a room, user-only ones narrowed to the visitor’s rows, and swaps them', async () => {
    const base = `/api/account/admin/room/${roomId}/report`;
    expect((await call(member, 'POST', base, { feature_type_id: KEY })).status).toBe(403);
    const noEmail = await call(owner, 'POST', base, {
      feature_type_id: 'fund-close.advisors',
      user_only: true,
    });
    expect(noEmail.status).toBe(400);
    const missing = await call(owner, 'POST', base, { feature_type_id: 'fund-close.nope' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ feature_type_id: REPORT_MESSAGES.selectReport });
    const added = await call(owner, 'POST', base, { feature_type_id: KEY, user_only: true });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(REPORT_MESSAGES.roomReportAdded);
    expect(added.body.report).toMatchObject({
      feature_type_id: KEY,
      user_only: true,
      has_email: true,
      position: 1,
    });
    const advisors = await ok(owner, 'POST', base, { feature_type_id: 'fund-close.advisors' });
    expect(advisors.report.position).toBe(2);

    const room = { id: roomId, accountId: owner.account!.id };
    const admin = await loadRoomReports({ tx: t.ctx.db, room, viewer: { kind: 'admin' } });
    expect(admin.map((r) => [r.feature_type_id, r.rows.length])).toEqual([
      [KEY, 2],
      ['fund-close.advisors', 0],
    ]);
    const visitor = await loadRoomReports({
      tx: t.ctx.db,
      room,
      viewer: { kind: 'visitor', emails: ['lp-one@example.com'] },
    });
    // Only their own row, and the empty advisors table is not shown to visitors.
    expect(visitor.map((r) => [r.feature_type_id, r.rows.map((row) => row.values.name)])).toEqual([
      [KEY, ['=HYPERLINK("evil")']],
    ]);
    expect(visitor[0].rows[0].values.ssn).toBe('6789');
    const nobody = await loadRoomReports({ tx: t.ctx.db, room, viewer: { kind: 'visitor', emails: [] } });
    expect(nobody).toEqual([]);

    const a = added.body.report.id as number;
    const b = advisors.report.id as number;
    await ok(owner, 'PATCH', `${base}/${a}/swap/${b}`);
    const swapped = await loadRoomReports({ tx: t.ctx.db, room, viewer: { kind: 'admin' } });
    expect(swapped.map((r) => r.id)).toEqual([b, a]);
    // Another workspace's room, or its admin on this room: absent.
    expect(
      (await call(owner, 'POST', `/api/account/admin/room/${otherRoomId}/report`, { feature_type_id: KEY }))
        .status,
    ).toBe(404);
    expect((await call(stranger, 'PATCH', `${base}/${a}/swap/${b}`)).status).toBe(404);
    expect((await call(stranger, 'DELETE', `${base}/${a}`)).status).toBe(404);
    expect((await call(owner, 'DELETE', `${base}/${a}`)).body.message).toBe(
      REPORT_MESSAGES.roomReportRemoved,
    );
    expect((await call(owner, 'DELETE', `${base}/${a}`)).status).toBe(404);
  });

  it('sends only the report’s columns: answers other questionnaires keep on the same person stay home', async () => {
    // Resources are the workspace's, shared by every questionnaire: another one kept a note on the LP.
    await t.ctx.db.insert(resourceFeatures).values([
      { resourceId: rowIds['=HYPERLINK("evil")'], key: 'bank_account', value: 'DE89370400440532013000' },
      { resourceId: rowIds['=HYPERLINK("evil")'], key: 'passport', value: 'X1234567' },
    ]);
    const shared = await ok(owner, 'POST', '/api/account/shared_report', {
      feature_type_id: KEY,
      is_active: true,
      metadata: { resource_id: [] },
    });
    const lpView = await asUser(investor.bearer);
    expect(lpView.body[0].rows[0].values).toEqual({
      name: '=HYPERLINK("evil")',
      email: 'LP-one@example.com',
      ssn: '6789',
      joined: '07/04/2025',
      stake: '12.5%',
    });
    const room = { id: roomId, accountId: owner.account!.id };
    await ok(owner, 'POST', `/api/account/admin/room/${roomId}/report`, { feature_type_id: KEY });
    const visitor = await loadRoomReports({
      tx: t.ctx.db,
      room,
      viewer: { kind: 'visitor', emails: ['lp-one@example.com'] },
    });
    const members = await asUser(member.bearer);
    const admin = await ok(owner, 'GET', '/api/account/reports');
    for (const seen of [lpView.body, visitor, members.body, admin]) {
      expect(JSON.stringify(seen)).not.toContain('DE89370400440532013000');
      expect(JSON.stringify(seen)).not.toContain('X1234567');
    }
    await ok(owner, 'PUT', `/api/account/shared_report/${shared.report.id}`, { is_active: false });
  });

  it('refuses every report route in a restricted (role 3) workspace', async () => {
    const restricted = await signedIn(t);
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, restricted.account!.id));
    const access = await accessToken(t, restricted.idToken, restricted.account!.id);
    const who = { ...restricted, accountBearer: `Bearer ${access}` };
    expect((await call(who, 'GET', '/api/account/reports')).status).toBe(403);
    expect((await call(who, 'GET', '/api/account/shared_report')).status).toBe(403);
    expect((await call(who, 'POST', '/api/account/shared_report', { feature_type_id: KEY })).status).toBe(
      403,
    );
  });
});
