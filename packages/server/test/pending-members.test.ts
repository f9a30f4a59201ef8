import path from 'node:path';
import type { LiveMessage } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { accounts, memberships, partnerMembers, users } from '../src/db/schema/index.ts';
import { issueAccessToken } from '../src/modules/auth/issue-tokens.ts';
import { CLOSE_SESSION_ENDED } from '../src/modules/live/live-hub.ts';
import { publishEvents } from '../src/modules/live/publish-event.ts';
import { syncTemplateLibrary } from '../src/modules/templates/sync-library.ts';
import {
  accessToken,
  accountCaller,
  createUser,
  type Json,
  login,
  signedIn,
  uniqueEmail,
  userById,
} from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createPartner } from './support/partners.ts';

/**
 * A membership someone else added (memberships.invited_by set) waits for its user to prove their address
 * (users.email_verified_at), and so does a place on a partner's team: otherwise whoever registered an
 * address they do not own, and stays signed in, gets whatever the address is invited to.
 */

let t: TestApp;
let base: string;
const call = accountCaller(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await syncTemplateLibrary(t.ctx, path.resolve(import.meta.dirname, 'fixtures/templates-modules'));
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
});
afterAll(() => t.close());

const VICTIM_PASSWORD = 'the real owner of this address';

/** A signed-in user's call at the user level (id token). */
async function asUser(idToken: string, method: string, url: string, payload?: unknown) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    payload: payload as Json,
    headers: { authorization: `Bearer ${idToken}` },
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}

/** Someone who registered `email` without proving it, and stays signed in. */
async function squatter(email: string) {
  const created = await createUser(t, {
    email,
    company: null,
    verified: false,
    password: 'squatter password 1',
  });
  const { idToken } = await login(t, email, 'squatter password 1');
  const { sid } = await t.ctx.tokens.verify(idToken, 'id');
  return { ...created, idToken, sessionId: sid as string };
}

/** The owner of `email` sets a password from the newest set-up link mailed to it; returns their id token. */
async function ownerUsesLink(email: string) {
  const mails = await t.mailTo(email);
  const code = mails.at(-1)?.text.match(/\/reset-password\/([^\s?]+)/)?.[1];
  expect(code).toBeDefined();
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/public/user/password/reset/',
    payload: { code, password: VICTIM_PASSWORD },
  });
  expect(reset.statusCode).toBe(200);
  return (await login(t, email, VICTIM_PASSWORD)).idToken;
}

/** A socket on the live channel: resolves open, or rejects with the refusal's status. */
function openSocket(token: string) {
  const ws = new WebSocket(`${base}/api/ws?access_token=${token}`, { origin: 'http://localhost:3000' });
  const messages: LiveMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () => resolve());
  });
  return { ws, messages, closed, opened };
}

const toast = (message: string) => ({ type: 'toast' as const, toast: { type: 'info' as const, message } });

async function publish(accountId: number, message: string) {
  await t.ctx.db.transaction((tx) => publishEvents({ tx, accountId, events: [toast(message)] }));
}

describe('a workspace invitation to an address someone else registered', () => {
  it('gives the squatter nothing, lists them as pending, and works once the real owner uses the link', async () => {
    const admin = await signedIn(t);
    const accountId = admin.account!.id;
    await t.ctx.db.update(accounts).set({ userLimit: 2 }).where(eq(accounts.id, accountId));
    const email = uniqueEmail('victim');
    const attacker = await squatter(email);

    const added = await call(admin, 'POST', '/api/account/admin/add_user', { email });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ invited: true, user: { id: attacker.user.id, pending: true } });
    const list = await call(admin, 'GET', '/api/account/admin/users');
    expect((list.body.users as Json[]).find((u) => u.id === attacker.user.id)?.pending).toBe(true);
    // The invitation takes a seat: the limit of 2 is reached.
    expect(list.body.count).toBe(2);
    const full = await call(admin, 'POST', '/api/account/admin/add_user', { email: uniqueEmail() });
    expect(full.status).toBe(422);
    expect(full.body.code).toBe('USER_LIMIT_REACHED');

    // No token for the workspace, and it is not among theirs.
    const token = await asUser(attacker.idToken, 'POST', '/api/authn/access_token', {
      account_id: accountId,
    });
    expect(token.status).toBe(403);
    expect((await asUser(attacker.idToken, 'GET', '/api/user/accounts')).body).toEqual([]);
    // Nor through the team view, the user-level to-do list, or a workspace preference.
    const teamView = await asUser(
      attacker.idToken,
      'GET',
      `/api/user/dashboard/_account/${accountId}/recommendation/project_template/test-module-two`,
    );
    expect(teamView.status).toBe(404);
    expect((await asUser(attacker.idToken, 'GET', '/api/user/recommendation')).body).toEqual([]);
    // A token they already held (minted for this session) cannot act, nor open the live channel.
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    const held = await issueAccessToken(t.ctx, {
      user: attacker.user,
      sessionId: attacker.sessionId,
      impersonatorId: null,
      account,
    });
    const me = await t.app.inject({
      url: '/api/account/me',
      headers: { authorization: `Bearer ${held}` },
    });
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe('FORBIDDEN');
    const socket = openSocket(held);
    await expect(socket.opened).rejects.toThrow(/refused with 403/);
    // Nor can the workspace give them to-dos or workflow roles yet.
    const counselIds = async () =>
      ((await call(admin, 'GET', '/api/account/counsel')).body.users as Json[]).map((u) => u.id);
    expect(await counselIds()).toEqual([admin.user.id]);

    // The address's owner uses the invitation's link: the prepared account is theirs, the squatter is out.
    const victimIdToken = await ownerUsesLink(email);
    expect((await asUser(attacker.idToken, 'GET', '/api/user/accounts')).status).toBe(401);
    const mine = await asUser(victimIdToken, 'GET', '/api/user/accounts');
    expect(mine.body.map((a: Json) => a.id)).toEqual([accountId]);
    const access = await accessToken(t, victimIdToken, accountId);
    const meNow = await t.app.inject({
      url: '/api/account/me',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(meNow.statusCode).toBe(200);
    expect(meNow.json().user).toMatchObject({ email });
    const live = openSocket(access);
    await live.opened;
    await publish(accountId, 'welcome');
    await expect.poll(() => live.messages.some((m) => m.kind === 'event')).toBe(true);
    live.ws.close();
    expect(await counselIds()).toContain(attacker.user.id);
    const after = await call(admin, 'GET', '/api/account/admin/users');
    expect((after.body.users as Json[]).find((u) => u.id === attacker.user.id)?.pending).toBe(false);
  });

  it('also waits when the invitee registered themselves: the six-digit code makes it active', async () => {
    const admin = await signedIn(t);
    const accountId = admin.account!.id;
    const email = uniqueEmail('self');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/credentials',
      payload: {
        email,
        password: VICTIM_PASSWORD,
        first_name: 'Ada',
        family_name: 'Lovelace',
        create: true,
        tos: true,
      },
    });
    expect(registered.statusCode).toBe(201);
    const idToken = registered.json().id_token as string;
    expect((await call(admin, 'POST', '/api/account/admin/add_user', { email })).status).toBe(201);
    expect((await asUser(idToken, 'POST', '/api/authn/access_token', { account_id: accountId })).status).toBe(
      403,
    );

    const code = (await t.mailTo(email))
      .map((m) => m.text.match(/\b(\d{3}-\d{3})\b/)?.[1])
      .find((c) => c !== undefined);
    expect((await asUser(idToken, 'GET', `/api/user/confirm/${code}`)).status).toBe(200);
    expect((await asUser(idToken, 'GET', '/api/user/accounts')).body.map((a: Json) => a.id)).toContain(
      accountId,
    );
    expect(await accessToken(t, idToken, accountId)).toBeTruthy();
  });

  it("keeps an unverified user's own workspace theirs: its creator is never pending", async () => {
    const email = uniqueEmail('creator');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/credentials',
      payload: {
        email,
        password: VICTIM_PASSWORD,
        first_name: 'Ada',
        family_name: 'Lovelace',
        create: true,
        tos: true,
        company: {
          company_name: 'Unverified Founder, Inc.',
          features: [{ feature_type_id: 881, value: 'For-profit Company' }],
        },
      },
    });
    expect(registered.statusCode).toBe(201);
    const { id_token: idToken, account_id: accountId } = registered.json();
    expect((await userById(t, registered.json().user.id)).emailVerifiedAt).toBeNull();
    expect((await asUser(idToken, 'GET', '/api/user/accounts')).body.map((a: Json) => a.id)).toEqual([
      accountId,
    ]);
    const access = await accessToken(t, idToken, accountId);
    const me = await t.app.inject({ url: '/api/account/me', headers: { authorization: `Bearer ${access}` } });
    expect(me.statusCode).toBe(200);
    const members = await t.app.inject({
      url: '/api/account/admin/users',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(members.json().users).toEqual([expect.objectContaining({ email, pending: false })]);
  });

  it("closes a live socket whose membership is no longer active, with the same rule as a token's", async () => {
    const admin = await signedIn(t);
    const accountId = admin.account!.id;
    const other = await createUser(t, { company: null });
    await t.ctx.db.insert(memberships).values({ userId: other.user.id, accountId, invitedBy: admin.user.id });
    const { idToken } = await login(t, other.email, other.password!);
    const socket = openSocket(await accessToken(t, idToken, accountId));
    await socket.opened;
    // As if their address had never been proven (no flow un-proves one; the live check must still hold).
    await t.ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, other.user.id));
    t.ctx.live.recheckSessions();
    expect(await socket.closed).toBe(CLOSE_SESSION_ENDED);
    await publish(accountId, 'secret');
    expect(socket.messages.filter((m) => m.kind === 'event')).toEqual([]);
  });
});

describe('a partner team place for an address someone else registered', () => {
  const team = (accountId: number, rest: string) => `/api/user/dashboard/_account/${accountId}${rest}`;

  it("reaches none of the partner's clients until the real owner proves the address", async () => {
    const admin = await signedIn(t);
    const client = await signedIn(t, { company: 'Client of the Team, Inc.' });
    const clientId = client.account!.id;
    const partner = await createPartner(t, { admins: [admin.user.id], clients: [clientId] });
    const project = await call(client, 'POST', '/api/account/project_template/test-module-two/create', {});
    expect(project.status).toBe(201);
    const email = uniqueEmail('advisor');
    const attacker = await squatter(email);

    const added = await asUser(admin.idToken, 'POST', `/api/user/partner/add_member/${partner.id}`, {
      email,
    });
    expect(added.status).toBe(201);
    expect(added.body.user_id).toBe(attacker.user.id);
    // The team still shows them to its admin.
    const teams = await asUser(admin.idToken, 'GET', '/api/user/team');
    const listed = (teams.body as unknown as Json[]).find((x) => x.id === partner.id);
    expect(JSON.stringify(listed)).toContain(email);

    const options = team(clientId, '/recommendation/project_template/test-module-two');
    expect((await asUser(attacker.idToken, 'GET', options)).status).toBe(404);
    expect((await asUser(attacker.idToken, 'GET', '/api/user/recommendation')).body).toEqual([]);
    expect((await asUser(attacker.idToken, 'GET', '/api/user/team')).body).toEqual([]);
    const brand = await asUser(attacker.idToken, 'GET', `/api/user/partner/${partner.id}/brand`);
    expect(brand.status).toBe(404);
    // Nor is the client offered them as counsel.
    const counselPeople = async () =>
      ((await call(client, 'GET', '/api/account/counsel')).body.partners as Json[]).flatMap((p) =>
        (p.users as Json[]).map((u) => u.email),
      );
    expect(await counselPeople()).not.toContain(email);

    const ownerIdToken = await ownerUsesLink(email);
    expect((await asUser(ownerIdToken, 'GET', options)).status).toBe(200);
    const todos = await asUser(ownerIdToken, 'GET', '/api/user/recommendation');
    expect((todos.body as unknown as Json[]).map((row) => row.account.id)).toContain(clientId);
    expect((await asUser(ownerIdToken, 'GET', '/api/user/team')).body).toEqual([
      expect.objectContaining({ id: partner.id }),
    ]);
    expect(await counselPeople()).toContain(email);
    const [row] = await t.ctx.db
      .select()
      .from(partnerMembers)
      .where(and(eq(partnerMembers.partnerId, partner.id), eq(partnerMembers.userId, attacker.user.id)));
    expect(row).toBeDefined();
  });
});
