import {
  ADMIN_WARNING,
  ALREADY_MEMBER,
  LAST_ADMIN,
  MEMBER_NOT_FOUND,
  ONLY_OWNER_TRANSFERS,
  OWNER_IS_ADMIN,
  OWNER_NOT_JOINED,
  OWNER_NOT_REMOVABLE,
  userLimitMessage,
} from '@charter/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  accounts,
  auditLog,
  authenticators,
  memberships,
  projectCounsel,
  projects,
  recommendations,
  transactions,
  users,
} from '../src/db/schema/index.ts';
import { authenticateAccessToken } from '../src/http/authenticate.ts';
import { CLOSE_SESSION_ENDED } from '../src/modules/live/live-hub.ts';
import { removeMember } from '../src/modules/members/remove-member.ts';
import { updateMember } from '../src/modules/members/update-member.ts';
import {
  accessToken,
  accountCaller,
  createUser,
  type Json,
  joinedMember,
  login,
  signedIn,
  uniqueEmail,
} from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let base: string;
const call = accountCaller(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a long enough new password';

/** A workspace whose owner is signed in, with room for `limit` members. */
async function workspace(limit = 10) {
  const owner = await signedIn(t);
  await t.ctx.db.update(accounts).set({ userLimit: limit }).where(eq(accounts.id, owner.account!.id));
  return owner;
}

const memberIds = async (accountId: number) =>
  (await t.ctx.db.select().from(memberships).where(eq(memberships.accountId, accountId)))
    .map((m) => m.userId)
    .sort();

const audits = (accountId: number, action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, action)));

function openSocket(token: string) {
  const ws = new WebSocket(`${base}/api/ws?access_token=${token}`, { origin: 'http://localhost:3000' });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const hello = new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('error', reject);
  });
  return { ws, closed, hello };
}

describe('who may manage members', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/admin/users'],
      ['POST', '/api/account/admin/add_user'],
      ['PATCH', '/api/account/admin/users/1'],
      ['DELETE', '/api/account/remove_user/1'],
      ['PATCH', '/api/account/change_owner/1'],
      ['PATCH', '/api/account/signatory/1'],
      ['GET', '/api/account/admin/settings/profile'],
      ['PUT', '/api/account/admin/settings/profile'],
    ]) {
      expect((await call(null, method, url, {})).status, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses a member who is not an admin on every admin route, and changes nothing', async () => {
    const owner = await workspace();
    const member = await joinedMember(t, owner);
    const accountId = owner.account!.id;
    const before = await memberIds(accountId);
    const requests: [string, string, unknown][] = [
      ['GET', '/api/account/admin/users', undefined],
      ['POST', '/api/account/admin/add_user', { email: uniqueEmail() }],
      ['PATCH', `/api/account/admin/users/${member.user.id}`, { is_admin: true }],
      ['PATCH', `/api/account/admin/users/${owner.user.id}`, { filecabinet_access: false }],
      ['DELETE', `/api/account/remove_user/${owner.user.id}`, undefined],
      ['PATCH', `/api/account/change_owner/${member.user.id}`, undefined],
      ['PATCH', `/api/account/signatory/${member.user.id}`, undefined],
      ['GET', '/api/account/admin/settings/profile', undefined],
      ['PUT', '/api/account/admin/settings/profile', { company_name: 'Taken Over, Inc.' }],
    ];
    for (const [method, url, body] of requests) {
      const res = await call(member, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      if (!url.includes('change_owner')) expect(res.body.message, url).toBe(ADMIN_WARNING);
    }
    expect(await memberIds(accountId)).toEqual(before);
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account.companyName).toBe(owner.account!.companyName);
    expect(account.signatoryId).toBeNull();
    expect(account.ownerId).toBe(owner.user.id);
    const me = await call(member, 'GET', '/api/account/me');
    expect(me.body.abilities.manage_settings).toBe(false);
  });

  it("answers 404 to another workspace's members and changes none of them", async () => {
    const alice = await workspace();
    const aliceMember = await joinedMember(t, alice);
    const bob = await workspace();
    for (const [method, url, body] of [
      ['PATCH', `/api/account/admin/users/${aliceMember.user.id}`, { is_admin: true }],
      ['DELETE', `/api/account/remove_user/${aliceMember.user.id}`, undefined],
      ['PATCH', `/api/account/change_owner/${aliceMember.user.id}`, undefined],
      ['PATCH', `/api/account/signatory/${aliceMember.user.id}`, undefined],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.message).toBe(MEMBER_NOT_FOUND);
    }
    expect(await memberIds(alice.account!.id)).toEqual([alice.user.id, aliceMember.user.id].sort());
    const [row] = await t.ctx.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, aliceMember.user.id));
    expect(row.isAdmin).toBe(false);
    const list = await call(bob, 'GET', '/api/account/admin/users');
    expect(list.body.users.map((u: Json) => u.id)).toEqual([bob.user.id]);
  });
});

describe('listing members', () => {
  it('lists members with roles, the user limit and what the admin may do to each', async () => {
    const owner = await workspace(5);
    const admin = await joinedMember(t, owner, true);
    const member = await joinedMember(t, owner);
    const res = await call(admin, 'GET', '/api/account/admin/users');
    expect(res.status).toBe(200);
    expect(res.body.user_limit).toBe(5);
    expect(res.body.count).toBe(3);
    expect(res.body.abilities).toEqual({ invite: true, manage: true });
    const byId = new Map((res.body.users as Json[]).map((u) => [u.id, u]));
    expect(byId.get(owner.user.id)).toMatchObject({
      email: owner.email,
      is_admin: true,
      is_owner: true,
      is_signatory: false,
      filecabinet_access: true,
      pending: false,
      abilities: { change_role: false, remove: false, make_owner: false, make_signatory: true },
    });
    expect(byId.get(member.user.id)).toMatchObject({
      is_admin: false,
      is_owner: false,
      abilities: { change_role: true, remove: true, make_owner: false, make_signatory: true },
    });
    // Only the owner may hand the workspace on.
    const asOwner = await call(owner, 'GET', '/api/account/admin/users');
    const memberAsSeenByOwner = (asOwner.body.users as Json[]).find((u) => u.id === member.user.id);
    expect(memberAsSeenByOwner?.abilities.make_owner).toBe(true);
  });
});

describe('inviting people', () => {
  it('invites a new person by email: a passwordless user, a mailed link that sets up sign-in and lands in the workspace', async () => {
    const owner = await workspace();
    const accountId = owner.account!.id;
    const email = uniqueEmail('Invitee');
    const res = await call(owner, 'POST', '/api/account/admin/add_user', {
      email: `  ${email} `,
      first_name: 'Grace',
      family_name: 'Hopper',
      is_admin: false,
      filecabinet_access: false,
    });
    expect(res.status).toBe(201);
    expect(res.body.invited).toBe(true);
    expect(res.body.user).toMatchObject({
      email,
      first_name: 'Grace',
      family_name: 'Hopper',
      is_admin: false,
      filecabinet_access: false,
      pending: true,
    });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(user.passwordHash).toBeNull();
    const [membership] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, user.id)));
    expect(membership.invitedBy).toBe(owner.user.id);
    expect(membership.preferred).toBe(true);
    const [audit] = await audits(accountId, 'member_added');
    expect(audit).toMatchObject({ actorUserId: owner.user.id, target: { user_id: user.id, invited: true } });

    const [mail] = await t.mailTo(email);
    expect(mail.subject).toContain(owner.account!.companyName);
    expect(mail.text).toContain('valid for 7 days');
    const link = mail.text.match(/(http\S+)\/reset-password\/([^\s?]+)/);
    expect(link?.[1]).toBe(t.config.publicUrl.replace(/\/$/, ''));
    // The page it opens says it sets up sign-in (not a reset).
    expect(mail.text).toMatch(/\/reset-password\/\S+\?invite=1/);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/public/user/password/reset/',
      payload: { code: link?.[2], password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    // Setting the first password signs the invitee in (id_token and session cookie), as the magic link does.
    expect(reset.json()).toMatchObject({
      id_token: expect.any(String),
      user: { email, email_verified: true },
    });
    const session = reset.cookies.find((c) => c.name === 'charter_session');
    expect(session?.httpOnly).toBe(true);
    const byCookie = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/id_token',
      cookies: { charter_session: session?.value ?? '' },
      headers: { origin: t.config.publicUrl.replace(/\/$/, '') },
    });
    expect(byCookie.statusCode).toBe(200);

    const { idToken } = await login(t, email, NEW_PASSWORD);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/user/accounts',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(mine.json()).toEqual([expect.objectContaining({ id: accountId, preferred: true })]);
    const access = await accessToken(t, idToken, accountId);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/account/me',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.json().user).toMatchObject({ email, filecabinet_access: false, is_admin: false });
    const list = await call(owner, 'GET', '/api/account/admin/users');
    expect((list.body.users as Json[]).find((u) => u.id === user.id)?.pending).toBe(false);
  });

  it('adds an existing user by any of their verified addresses and tells them', async () => {
    const owner = await workspace();
    const existing = await createUser(t, { company: null });
    const extra = uniqueEmail('extra');
    await t.ctx.db
      .insert(authenticators)
      .values({ pubId: `p-${extra}`, userId: existing.user.id, value: extra, verifiedAt: new Date() });
    const res = await call(owner, 'POST', '/api/account/admin/add_user', { email: extra.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.invited).toBe(false);
    expect(res.body.user).toMatchObject({ id: existing.user.id, pending: false, filecabinet_access: true });
    const [mail] = await t.mailTo(existing.email);
    expect(mail.subject).toBe(`You were added to ${owner.account!.companyName}`);
    expect(mail.text).toContain(`/c/${owner.account!.id}/home`);
    // The workspace appears among theirs at once.
    const { idToken } = await login(t, existing.email, existing.password!);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/user/accounts',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(mine.json().map((a: Json) => a.id)).toEqual([owner.account!.id]);
    expect(await accessToken(t, idToken, owner.account!.id)).toBeTruthy();
  });

  it('sends the proving link to an address nobody has proven, and adds no one by an unproven extra address', async () => {
    const owner = await workspace();
    const unconfirmed = await createUser(t, { company: null, verified: false });
    const res = await call(owner, 'POST', '/api/account/admin/add_user', { email: unconfirmed.email });
    expect(res.status).toBe(201);
    expect(res.body.invited).toBe(true);
    const [mail] = await t.mailTo(unconfirmed.email);
    expect(mail.text).toMatch(/\/reset-password\//);

    const holder = await createUser(t, { company: null });
    const unproven = uniqueEmail('unproven');
    await t.ctx.db
      .insert(authenticators)
      .values({ pubId: `p-${unproven}`, userId: holder.user.id, value: unproven });
    const refused = await call(owner, 'POST', '/api/account/admin/add_user', { email: unproven });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('E_EMAIL_ALREADY_CLAIMED');
    expect(await memberIds(owner.account!.id)).toEqual([owner.user.id, unconfirmed.user.id].sort());
  });

  it('sends the invitation in the brand the admin works in, with links to its address', async () => {
    const owner = await workspace();
    const email = uniqueEmail('branded');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/admin/add_user',
      headers: { authorization: owner.accountBearer, host: 'partner.localhost' },
      payload: { email },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.mailTo(email);
    expect(mail.subject).toContain('on Northwind Legal');
    expect(mail.text).toMatch(/http:\/\/partner\.localhost(:\d+)?\/reset-password\//);
  });

  it("refuses an invalid address with the spec's message, and a member twice", async () => {
    const owner = await workspace();
    const bad = await call(owner, 'POST', '/api/account/admin/add_user', { email: 'ada@example' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.email).toBe('Invalid email address');
    const empty = await call(owner, 'POST', '/api/account/admin/add_user', { email: ' ' });
    expect(empty.body.fields.email).toBe('Email required');
    const again = await call(owner, 'POST', '/api/account/admin/add_user', { email: owner.email });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_MEMBER);
  });

  it('enforces the user limit with a clear message and writes nothing', async () => {
    const owner = await workspace(2);
    const accountId = owner.account!.id;
    const first = await call(owner, 'POST', '/api/account/admin/add_user', { email: uniqueEmail() });
    expect(first.status).toBe(201);
    const before = await memberIds(accountId);
    const [{ count: usersBefore }] = await t.ctx.db.select({ count: sql<number>`count(*)::int` }).from(users);
    const email = uniqueEmail('over');
    const over = await call(owner, 'POST', '/api/account/admin/add_user', { email });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('USER_LIMIT_REACHED');
    expect(over.body.message).toBe(userLimitMessage(2));
    expect(over.body.message).toBe(
      'This workspace has reached its limit of 2 users. Upgrade your plan to add more.',
    );
    const existing = await createUser(t, { company: null });
    const overExisting = await call(owner, 'POST', '/api/account/admin/add_user', { email: existing.email });
    expect(overExisting.status).toBe(422);
    expect(await memberIds(accountId)).toEqual(before);
    const [{ count: usersAfter }] = await t.ctx.db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(usersAfter).toBe(usersBefore + 1); // only createUser's
    expect(await t.mailTo(email)).toEqual([]);
    expect(await t.mailTo(existing.email)).toEqual([]);
    expect(await audits(accountId, 'member_added')).toHaveLength(1);
  });
});

describe('a person who has not accepted', () => {
  it('is shown by address and the name the inviter typed, never the name their account or another workspace holds', async () => {
    const owner = await workspace();
    // A registered user (named 'Test User' by their own account), added without a name.
    const existing = await createUser(t, { company: null });
    const added = await call(owner, 'POST', '/api/account/admin/add_user', { email: existing.email });
    expect(added.status).toBe(201);
    expect(added.body.user).toMatchObject({
      email: existing.email,
      first_name: '',
      family_name: '',
      accepted: false,
    });
    // A new person another workspace invited as 'Grace Hopper', then invited here without a name, and a
    // third with the name this inviter typed.
    const elsewhere = await workspace();
    const invitee = uniqueEmail('grace');
    const there = await call(elsewhere, 'POST', '/api/account/admin/add_user', {
      email: invitee,
      first_name: 'Grace',
      family_name: 'Hopper',
    });
    expect(there.body.user).toMatchObject({ first_name: 'Grace', family_name: 'Hopper' });
    const here = await call(owner, 'POST', '/api/account/admin/add_user', { email: invitee });
    expect(here.body.user).toMatchObject({ email: invitee, first_name: '', family_name: '' });
    const typed = await createUser(t, { company: null });
    const named = await call(owner, 'POST', '/api/account/admin/add_user', {
      email: typed.email,
      first_name: 'Typed',
      family_name: 'Here',
    });
    expect(named.body.user).toMatchObject({ first_name: 'Typed', family_name: 'Here', accepted: false });
    const listed = async () =>
      new Map(
        ((await call(owner, 'GET', '/api/account/admin/users')).body.users as Json[]).map((u) => [u.id, u]),
      );
    const before = await listed();
    expect(before.get(existing.user.id)).toMatchObject({ first_name: '', family_name: '', accepted: false });
    expect(before.get(here.body.user.id)).toMatchObject({ first_name: '', family_name: '' });
    expect(JSON.stringify([...before.values()])).not.toContain('Grace');
    // Nor do the workspace's people pickers (to-dos, workflow roles).
    const pickerName = async () =>
      ((await call(owner, 'GET', '/api/account/counsel')).body.users as Json[]).find(
        (u) => u.id === existing.user.id,
      )?.full_name;
    expect(await pickerName()).toBe(existing.email);
    // Nor the to-dos and workflow roles already given to them.
    const project = (await call(owner, 'POST', '/api/account/project_template/mutual-nda/create', {})).body;
    const assigned = await call(
      owner,
      'POST',
      `/api/account/transaction/${project.groupedTransactions[0].id}/assign`,
      {
        assignee_id: existing.user.id,
      },
    );
    expect(assigned.status).toBe(200);
    await t.ctx.db
      .insert(projectCounsel)
      .values({ projectId: project.id, counselType: 'Attorney', userId: existing.user.id });
    const givenNames = async () => ({
      todo: ((await call(owner, 'GET', '/api/account/recommendation')).body as Json[])[0].assignee.name,
      role: ((await call(owner, 'GET', `/api/account/project/${project.id}`)).body.counsel as Json[])[0].user
        .full_name,
    });
    expect(await givenNames()).toEqual({ todo: existing.email, role: existing.email });

    // Once they open the workspace themselves, it shows the name they go by.
    const { idToken } = await login(t, existing.email, existing.password!);
    await accessToken(t, idToken, owner.account!.id);
    expect((await listed()).get(existing.user.id)).toMatchObject({
      first_name: 'Test',
      family_name: 'User',
      accepted: true,
    });
    expect(await pickerName()).toBe('Test User');
    expect(await givenNames()).toEqual({ todo: 'Test User', role: 'Test User' });
  });

  it('stays unaccepted when staff open the workspace as them', async () => {
    const owner = await workspace();
    const staff = await signedIn(t, { staff: true });
    const existing = await createUser(t, { company: null });
    await call(owner, 'POST', '/api/account/admin/add_user', { email: existing.email });
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/remote',
      headers: { authorization: staff.bearer },
      payload: { user_id: existing.user.id, account_id: owner.account!.id, reason: 'Ticket 7' },
    });
    expect(remote.statusCode).toBe(200);
    await accessToken(t, remote.json().id_token, owner.account!.id);
    const list = await call(owner, 'GET', '/api/account/admin/users');
    expect((list.body.users as Json[]).find((u) => u.id === existing.user.id)).toMatchObject({
      first_name: '',
      accepted: false,
    });
  });
});

describe('roles', () => {
  it('makes a member an admin and closes their file cabinet, audited', async () => {
    const owner = await workspace();
    const member = await joinedMember(t, owner);
    const res = await call(owner, 'PATCH', `/api/account/admin/users/${member.user.id}`, {
      is_admin: true,
      filecabinet_access: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.user.id, is_admin: true, filecabinet_access: false });
    // Their very next request sees the new role.
    const me = await call(member, 'GET', '/api/account/me');
    expect(me.body.abilities).toMatchObject({ manage_settings: true, filecabinet: false });
    const [audit] = await audits(owner.account!.id, 'member_role_changed');
    expect(audit.target).toMatchObject({
      user_id: member.user.id,
      before: { is_admin: false },
      after: { is_admin: true, filecabinet_access: false },
    });
  });

  it('never demotes the owner, nor the last admin', async () => {
    const owner = await workspace();
    const admin = await joinedMember(t, owner, true);
    const demoteOwner = await call(admin, 'PATCH', `/api/account/admin/users/${owner.user.id}`, {
      is_admin: false,
    });
    expect(demoteOwner.status).toBe(409);
    expect(demoteOwner.body.message).toBe(OWNER_IS_ADMIN);
    // A workspace without an owner (older data) still keeps an admin.
    await t.ctx.db.update(accounts).set({ ownerId: null }).where(eq(accounts.id, owner.account!.id));
    const stepDown = await call(admin, 'PATCH', `/api/account/admin/users/${admin.user.id}`, {
      is_admin: false,
    });
    expect(stepDown.status).toBe(200);
    const last = await call(owner, 'PATCH', `/api/account/admin/users/${owner.user.id}`, { is_admin: false });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(LAST_ADMIN);
    const [row] = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, owner.user.id));
    expect(row.isAdmin).toBe(true);
  });
});

describe('removing members', () => {
  it("refuses the removed member's token at once, closes their live socket, and unassigns their to-dos", async () => {
    const owner = await workspace();
    const member = await joinedMember(t, owner);
    const accountId = owner.account!.id;
    const [project] = await t.ctx.db
      .insert(projects)
      .values({ accountId, templateId: 'any', label: 'Seed round' })
      .returning();
    const [group] = await t.ctx.db
      .insert(transactions)
      .values({ accountId, projectId: project.id, templateKey: 'g', position: 0, label: 'Term sheet' })
      .returning();
    const [todo] = await t.ctx.db
      .insert(recommendations)
      .values({ accountId, transactionId: group.id, assigneeId: member.user.id })
      .returning();
    await call(owner, 'PATCH', `/api/account/signatory/${member.user.id}`);
    await t.ctx.db.insert(projectCounsel).values([
      { projectId: project.id, counselType: 'Attorney', userId: member.user.id },
      { projectId: project.id, counselType: 'Founder', userId: owner.user.id },
    ]);

    const socket = openSocket(member.access);
    await socket.hello;
    expect((await call(member, 'GET', '/api/account/me')).status).toBe(200);

    const res = await call(owner, 'DELETE', `/api/account/remove_user/${member.user.id}`);
    expect(res.status).toBe(204);
    const after = await call(member, 'GET', '/api/account/me');
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('FORBIDDEN');
    expect(await socket.closed).toBe(CLOSE_SESSION_ENDED);
    // No new token for it either.
    await expect(accessToken(t, member.idToken, accountId)).rejects.toThrow(/403/);

    expect(await memberIds(accountId)).toEqual([owner.user.id]);
    const [kept] = await t.ctx.db.select().from(recommendations).where(eq(recommendations.id, todo.id));
    expect(kept.assigneeId).toBeNull();
    expect(await t.ctx.db.select().from(transactions).where(eq(transactions.id, group.id))).toHaveLength(1);
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account.signatoryId).toBeNull();
    // Their workflow role goes with them; the owner's stays.
    const counsel = await t.ctx.db
      .select()
      .from(projectCounsel)
      .where(eq(projectCounsel.projectId, project.id));
    expect(counsel.map((c) => c.userId)).toEqual([owner.user.id]);
    // The user stays (other workspaces may be theirs); only the membership goes.
    expect(await t.ctx.db.select().from(users).where(eq(users.id, member.user.id))).toHaveLength(1);
    const [audit] = await audits(accountId, 'member_removed');
    expect(audit).toMatchObject({
      actorUserId: owner.user.id,
      target: { user_id: member.user.id, unassigned_todos: [todo.id] },
    });
  });

  it('authorizes again, once the workspace is locked, on the membership as it is (a token older than a demotion)', async () => {
    const owner = await workspace();
    const admin = await joinedMember(t, owner, true);
    const member = await joinedMember(t, owner);
    // What the admin's token proved before the owner demoted them (another request, waiting for the lock).
    const stale = await authenticateAccessToken(t.ctx, admin.access);
    await t.ctx.db
      .update(memberships)
      .set({ isAdmin: false })
      .where(and(eq(memberships.accountId, owner.account!.id), eq(memberships.userId, admin.user.id)));
    await expect(
      t.ctx.db.transaction((tx) =>
        updateMember({ tx, actor: stale, id: admin.user.id, body: { is_admin: true } }),
      ),
    ).rejects.toThrow(ADMIN_WARNING);
    await expect(
      t.ctx.db.transaction((tx) => removeMember({ tx, actor: stale, id: member.user.id })),
    ).rejects.toThrow(ADMIN_WARNING);
    expect(await memberIds(owner.account!.id)).toContain(member.user.id);
    const [row] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, owner.account!.id), eq(memberships.userId, admin.user.id)));
    expect(row.isAdmin).toBe(false);
  });

  it('never removes the owner or the last admin; members may leave but not remove others', async () => {
    const owner = await workspace();
    const admin = await joinedMember(t, owner, true);
    const a = await joinedMember(t, owner);
    const b = await joinedMember(t, owner);
    const removeOwner = await call(admin, 'DELETE', `/api/account/remove_user/${owner.user.id}`);
    expect(removeOwner.status).toBe(409);
    expect(removeOwner.body.message).toBe(OWNER_NOT_REMOVABLE);
    const ownerLeaves = await call(owner, 'DELETE', `/api/account/remove_user/${owner.user.id}`);
    expect(ownerLeaves.status).toBe(409);
    const byMember = await call(a, 'DELETE', `/api/account/remove_user/${b.user.id}`);
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe(ADMIN_WARNING);
    const leaves = await call(a, 'DELETE', `/api/account/remove_user/${a.user.id}`);
    expect(leaves.status).toBe(204);
    expect((await call(a, 'GET', '/api/account/me')).status).toBe(403);
    // Without an owner, the last admin still stays.
    await t.ctx.db.update(accounts).set({ ownerId: null }).where(eq(accounts.id, owner.account!.id));
    expect((await call(owner, 'DELETE', `/api/account/remove_user/${admin.user.id}`)).status).toBe(204);
    const last = await call(owner, 'DELETE', `/api/account/remove_user/${owner.user.id}`);
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(LAST_ADMIN);
    expect(await memberIds(owner.account!.id)).toEqual([owner.user.id, b.user.id].sort());
  });
});

describe('ownership and the signatory', () => {
  it('lets only the owner hand the workspace to another member, who becomes an admin', async () => {
    const owner = await workspace();
    const admin = await joinedMember(t, owner, true);
    const member = await joinedMember(t, owner);
    const byAdmin = await call(admin, 'PATCH', `/api/account/change_owner/${member.user.id}`);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe(ONLY_OWNER_TRANSFERS);
    const res = await call(owner, 'PATCH', `/api/account/change_owner/${member.user.id}`);
    expect(res.status).toBe(200);
    const byId = new Map((res.body.users as Json[]).map((u) => [u.id, u]));
    expect(byId.get(member.user.id)).toMatchObject({ is_owner: true, is_admin: true });
    expect(byId.get(owner.user.id)).toMatchObject({ is_owner: false, is_admin: true });
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, owner.account!.id));
    expect(account.ownerId).toBe(member.user.id);
    // The former owner no longer may; the new one is never removed.
    expect((await call(owner, 'PATCH', `/api/account/change_owner/${owner.user.id}`)).status).toBe(403);
    expect((await call(owner, 'DELETE', `/api/account/remove_user/${member.user.id}`)).status).toBe(409);
    const [audit] = await audits(owner.account!.id, 'owner_changed');
    expect(audit.target).toEqual({ from: owner.user.id, to: member.user.id });
  });

  it('refuses to make someone who has not joined the owner, and does not offer it', async () => {
    const owner = await workspace();
    const accountId = owner.account!.id;
    const invited = await call(owner, 'POST', '/api/account/admin/add_user', { email: uniqueEmail('new') });
    const existing = await createUser(t, { company: null });
    const added = await call(owner, 'POST', '/api/account/admin/add_user', { email: existing.email });
    for (const answer of [invited, added]) {
      expect(answer.body.user.abilities.make_owner).toBe(false);
      const res = await call(owner, 'PATCH', `/api/account/change_owner/${answer.body.user.id}`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'CONFLICT', message: OWNER_NOT_JOINED });
    }
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account.ownerId).toBe(owner.user.id);
    expect(await audits(accountId, 'owner_changed')).toEqual([]);
    // The owner still runs the workspace.
    expect((await call(owner, 'GET', '/api/account/admin/users')).status).toBe(200);
  });

  it('lets an admin choose the member who signs for the workspace', async () => {
    const owner = await workspace();
    const member = await joinedMember(t, owner);
    const res = await call(owner, 'PATCH', `/api/account/signatory/${member.user.id}`);
    expect(res.status).toBe(200);
    const signatory = (res.body.users as Json[]).find((u) => u.is_signatory);
    expect(signatory).toMatchObject({ id: member.user.id, abilities: { make_signatory: false } });
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, owner.account!.id));
    expect(account.signatoryId).toBe(member.user.id);
    expect(await audits(owner.account!.id, 'signatory_changed')).toHaveLength(1);
  });
});

describe('the workspace profile', () => {
  it('reads and renames the workspace by the company name rules, for admins', async () => {
    const owner = await workspace();
    const read = await call(owner, 'GET', '/api/account/admin/settings/profile');
    expect(read.body).toEqual({
      id: owner.account!.id,
      company_name: owner.account!.companyName,
      logo_url: null,
    });
    const bad = await call(owner, 'PUT', '/api/account/admin/settings/profile', { company_name: 'Acme' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.company_name).toBe('Select a suffix');
    const ok = await call(owner, 'PUT', '/api/account/admin/settings/profile', {
      company_name: ' Acme Widgets, Inc. ',
    });
    expect(ok.body.company_name).toBe('Acme Widgets, Inc.');
    const me = await call(owner, 'GET', '/api/account/me');
    expect(me.body.account.company_name).toBe('Acme Widgets, Inc.');
    expect(await audits(owner.account!.id, 'workspace_profile_changed')).toHaveLength(1);
  });
});
