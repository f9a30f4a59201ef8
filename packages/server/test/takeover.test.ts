import { randomUUID } from 'node:crypto';
import { VERIFY_TO_SHARE } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  memberships,
  roomCodes,
  sharedLinks,
  takeoverItems,
} from '../src/db/schema/index.ts';
import { createAccount } from '../src/modules/accounts/create-account.ts';
import { accessToken, createUser, type Json, login, PASSWORD, signedIn, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { insertRoom } from './support/rooms.ts';

/**
 * Someone registers an address that is not theirs. Unproven, the account can bring nobody in and send
 * nothing out. When the address's owner proves it (magic link, reset link), what the registration set up
 * (including grants made before this rule existed) is listed for the owner, the memberships it granted
 * suspended until kept.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function inject(method: string, url: string, bearer: string | null, payload?: unknown) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    payload: payload as Json,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}

/** Registers `email` with a workspace through the API, as a squatter would: unproven, signed in. */
async function register(email: string, company = `Squatted ${randomUUID().slice(0, 6)}, Inc.`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authn/session/credentials',
    payload: {
      email,
      password: 'squatter password 1',
      first_name: 'Mallory',
      family_name: 'Squat',
      create: true,
      tos: true,
      company: { company_name: company, features: [{ feature_type_id: 881, value: 'For-profit Company' }] },
    },
  });
  expect(res.statusCode).toBe(201);
  const { id_token: idToken, account_id: accountId, user } = res.json();
  return {
    idToken,
    accountId: accountId as number,
    userId: user.id as number,
    access: await accessToken(t, idToken, accountId),
  };
}

/** The address's owner proves it with a magic link (8-character code) and is signed in. */
async function ownerSignsInByLink(email: string) {
  const asked = await inject('POST', '/api/authn/challenge', null, {
    identifier: { type: 'email', value: email },
    template: 'magic-link',
  });
  expect(asked.status).toBe(201);
  const mail = (await t.mailTo(email)).at(-1)!;
  const code = mail.text.match(/: ([A-Z2-9]{8})\b/)?.[1];
  const res = await inject('POST', `/api/authn/session/challenge/${asked.body.id}`, null, { code });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id_token as string;
}

/** A verified user someone let into the workspace before this rule existed (a row as it was made then). */
async function grantedMember(accountId: number, invitedBy: number, isAdmin: boolean) {
  const member = await createUser(t, { company: null });
  await t.ctx.db
    .insert(memberships)
    .values({ accountId, userId: member.user.id, isAdmin, invitedBy, acceptedAt: new Date() });
  const { idToken } = await login(t, member.email, PASSWORD);
  return { ...member, idToken };
}

const tokenFor = (idToken: string, accountId: number) =>
  inject('POST', '/api/authn/access_token', idToken, { account_id: accountId });

describe('an account whose address is not proven', () => {
  it('cannot invite, make admins or owners, or share; it can once verified', async () => {
    const email = uniqueEmail('unproven');
    const me = await register(email);
    await t.ctx.db.update(accounts).set({ userLimit: 5 }).where(eq(accounts.id, me.accountId));
    const colleague = await grantedMember(me.accountId, me.userId, false);
    const refused = { code: 'UNVERIFIED_CONTACT', message: VERIFY_TO_SHARE };
    const roomId = (await insertRoom(t, me.accountId)).id;
    const invitee = uniqueEmail('invitee');
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/account/admin/add_user', { email: invitee, is_admin: true }],
      ['PATCH', `/api/account/admin/users/${colleague.user.id}`, { is_admin: true }],
      ['PATCH', `/api/account/change_owner/${colleague.user.id}`, undefined],
      ['POST', `/api/account/admin/room/${roomId}/code`, { identifier: { type: 'email', value: invitee } }],
      ['POST', '/api/account/shared_link', {}],
      ['PUT', '/api/account/shared_link', { id: 1 }],
      ['POST', '/api/account/transaction/1/outside', { features: [], name: 'Form', email: invitee }],
      ['POST', '/api/account/transaction/1/outside/1/resend', undefined],
      ['POST', '/api/account/transaction/1/finalize', { auto_send: true }],
      ['PUT', '/api/account/transaction/1/reviewers', { reviewers: [] }],
      ['POST', '/api/account/signing/documents/1/send', {}],
      ['POST', '/api/account/pandadoc/documents/1/resend', { email: invitee }],
      ['POST', '/api/account/pandadoc/documents/1/reviewer', { reviewers: [] }],
      ['POST', '/api/account/pandadoc/documents/1/approve', undefined],
      ['POST', '/api/account/shared_report', { feature_type_id: 'investors.cap_table' }],
      ['PUT', '/api/account/shared_report/1', { is_active: true }],
      ['POST', '/api/account/admin/partner/SOMECODE', undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await inject(method, url, me.access, payload);
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body, `${method} ${url}`).toMatchObject(refused);
    }
    const rows = await t.ctx.db.select().from(memberships).where(eq(memberships.accountId, me.accountId));
    expect(rows.map((m) => [m.userId, m.isAdmin]).sort()).toEqual(
      [
        [me.userId, true],
        [colleague.user.id, false],
      ].sort(),
    );
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, me.accountId));
    expect(account.ownerId).toBe(me.userId);
    expect(await t.ctx.db.select().from(roomCodes).where(eq(roomCodes.roomId, roomId))).toEqual([]);
    expect(await t.ctx.db.select().from(sharedLinks).where(eq(sharedLinks.accountId, me.accountId))).toEqual(
      [],
    );
    expect(await t.mailTo(invitee)).toEqual([]);
    // What grants nothing stays open: the cabinet switch, the workspace's name.
    const cabinet = await inject('PATCH', `/api/account/admin/users/${colleague.user.id}`, me.access, {
      filecabinet_access: false,
    });
    expect(cabinet.status).toBe(200);

    // The six-digit code the registration mailed proves the address: the same account may now share.
    const code = (await t.mailTo(email)).map((m) => m.text.match(/\b(\d{3}-\d{3})\b/)?.[1]).find(Boolean);
    expect((await inject('GET', `/api/user/confirm/${code}`, me.idToken)).status).toBe(200);
    const added = await inject('POST', '/api/account/admin/add_user', me.access, { email: invitee });
    expect(added.status).toBe(201);
    expect(await t.mailTo(invitee)).toHaveLength(1);
    // A registration proven by its own code was never taken over: nothing to review.
    expect((await inject('GET', '/api/user/takeover', me.idToken)).body).toEqual({ items: [] });
  });
});

describe('taking over an address someone registered', () => {
  it('suspends the memberships it granted and lists what it set up, to keep or remove', async () => {
    const email = uniqueEmail('victim');
    const squatter = await register(email);
    const { accountId } = squatter;
    // Grants made before unproven accounts were refused: an admin it invited, and someone that admin let in.
    const accomplice = await grantedMember(accountId, squatter.userId, true);
    const friend = await grantedMember(accountId, accomplice.user.id, false);
    const [link] = await t.ctx.db
      .insert(sharedLinks)
      .values({
        accountId,
        codeHash: randomUUID(),
        expiresAt: new Date(Date.now() + 86_400_000),
        createdBy: squatter.userId,
      })
      .returning();
    const room = await insertRoom(t, accountId, 'Squatter Room');
    const [roomCode] = await t.ctx.db
      .insert(roomCodes)
      .values({
        roomId: room.id,
        email: 'outsider@example.com',
        codeHash: randomUUID(),
        createdBy: squatter.userId,
      })
      .returning();
    expect((await tokenFor(accomplice.idToken, accountId)).status).toBe(200);

    const ownerIdToken = await ownerSignsInByLink(email);
    // Everyone the registration let in is held back, here and in the user-level views.
    for (const someone of [accomplice, friend]) {
      expect((await tokenFor(someone.idToken, accountId)).status).toBe(403);
      expect((await inject('GET', '/api/user/accounts', someone.idToken)).body).toEqual([]);
      expect((await inject('GET', '/api/user/rooms', someone.idToken)).body).toEqual([]);
    }
    expect((await tokenFor(squatter.idToken, accountId)).status).toBe(401);
    const review = await inject('GET', '/api/user/takeover', ownerIdToken);
    expect(review.status).toBe(200);
    const items = review.body.items as Json[];
    const workspace = { id: accountId, name: expect.stringContaining('Squatted') };
    expect(items).toEqual([
      expect.objectContaining({ kind: 'workspace', workspace, email: null }),
      expect.objectContaining({ kind: 'membership', workspace, email: accomplice.email, is_admin: true }),
      expect.objectContaining({ kind: 'membership', workspace, email: friend.email, is_admin: false }),
      expect.objectContaining({ kind: 'shared_link', workspace, path: '/' }),
      expect.objectContaining({
        kind: 'room_code',
        workspace,
        email: 'outsider@example.com',
        room: 'Squatter Room',
      }),
    ]);
    const itemOf = (kind: string, email?: string) =>
      items.find((i) => i.kind === kind && (email === undefined || i.email === email))!.id as number;

    // Nobody else decides them: another user's item is not found.
    const stranger = await signedIn(t, { company: null });
    const theirs = await inject('POST', `/api/user/takeover/${itemOf('workspace')}`, stranger.idToken, {
      decision: 'remove',
    });
    expect(theirs.status).toBe(404);

    const decide = (id: number, decision: 'keep' | 'remove') =>
      inject('POST', `/api/user/takeover/${id}`, ownerIdToken, { decision });
    const removed = await decide(itemOf('membership', accomplice.email), 'remove');
    expect(removed.status).toBe(200);
    expect((removed.body.items as Json[]).map((i) => i.email)).not.toContain(accomplice.email);
    expect((await decide(itemOf('membership', friend.email), 'keep')).status).toBe(200);
    expect((await decide(itemOf('shared_link'), 'remove')).status).toBe(200);
    expect((await decide(itemOf('room_code'), 'keep')).status).toBe(200);
    const last = await decide(itemOf('workspace'), 'keep');
    expect(last.body).toEqual({ items: [] });
    expect((await decide(itemOf('workspace'), 'keep')).status).toBe(404);

    // The admin it invited is gone; the member kept works; the link is dead, the room link lives.
    expect((await tokenFor(accomplice.idToken, accountId)).status).toBe(403);
    expect((await tokenFor(friend.idToken, accountId)).status).toBe(200);
    const access = await accessToken(t, ownerIdToken, accountId);
    const list = await inject('GET', '/api/account/admin/users', access);
    expect((list.body.users as Json[]).map((u) => u.email).sort()).toEqual([email, friend.email].sort());
    expect(await t.ctx.db.select().from(sharedLinks).where(eq(sharedLinks.id, link.id))).toEqual([]);
    const [kept] = await t.ctx.db.select().from(roomCodes).where(eq(roomCodes.id, roomCode.id));
    expect(kept.revokedAt).toBeNull();
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, accountId), eq(auditLog.actorUserId, squatter.userId)));
    expect(audits.map((a) => a.action).sort()).toEqual(
      ['takeover_keep', 'takeover_keep', 'takeover_keep', 'takeover_remove', 'takeover_remove'].sort(),
    );
  });

  it('removing a workspace leaves it with everyone the registration let in; a reset link takes over too', async () => {
    const email = uniqueEmail('victim');
    const squatter = await register(email, `First ${randomUUID().slice(0, 6)}, Inc.`);
    const second = await createAccount(t.ctx.db, {
      userId: squatter.userId,
      company_name: `Second ${randomUUID().slice(0, 6)}, Inc.`,
      features: [{ feature_type_id: 881, value: 'For-profit Company' }],
    });
    const accomplice = await grantedMember(squatter.accountId, squatter.userId, true);

    expect((await inject('PATCH', '/api/public/user/password/forgot', null, { email })).status).toBe(200);
    const resetCode = (await t.mailTo(email)).at(-1)!.text.match(/\/reset-password\/([^\s?]+)/)?.[1];
    const reset = await inject('POST', '/api/public/user/password/reset/', null, {
      code: resetCode,
      password: 'the real owner of this address',
    });
    expect(reset.status).toBe(200);
    const { idToken } = await login(t, email, 'the real owner of this address');
    const items = (await inject('GET', '/api/user/takeover', idToken)).body.items as Json[];
    expect(items.map((i) => [i.kind, i.workspace.id])).toEqual([
      ['workspace', squatter.accountId],
      ['membership', squatter.accountId],
      ['workspace', second.id],
    ]);
    const first = items[0].id as number;
    const left = await inject('POST', `/api/user/takeover/${first}`, idToken, { decision: 'remove' });
    expect(left.body.items).toEqual([
      expect.objectContaining({ kind: 'workspace', workspace: expect.objectContaining({ id: second.id }) }),
    ]);
    const mine = await inject('GET', '/api/user/accounts', idToken);
    expect((mine.body as unknown as Json[]).map((a) => a.id)).toEqual([second.id]);
    expect(
      await t.ctx.db.select().from(memberships).where(eq(memberships.accountId, squatter.accountId)),
    ).toEqual([]);
    expect((await tokenFor(accomplice.idToken, squatter.accountId)).status).toBe(403);
    // The workspace itself is left, not deleted.
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.id, squatter.accountId))).toHaveLength(1);
    expect(
      await t.ctx.db.select().from(takeoverItems).where(eq(takeoverItems.accountId, squatter.accountId)),
    ).toEqual([]);
  });

  it('leaves an account proven from the start with nothing to review', async () => {
    const user = await signedIn(t);
    expect((await inject('GET', '/api/user/takeover', user.idToken)).body).toEqual({ items: [] });
    expect((await inject('GET', '/api/user/takeover', null)).status).toBe(401);
  });
});
