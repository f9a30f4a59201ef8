import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, authenticators, memberships } from '../src/db/schema/index.ts';
import { createAccount } from '../src/modules/accounts/create-account.ts';
import { IMPERSONATOR_BOUND_TO_WORKSPACE, IMPERSONATOR_CANNOT_GRANT } from '../src/modules/auth/policies.ts';
import { createSession } from '../src/modules/auth/session-store.ts';
import { IMPERSONATOR_CANNOT_CHANGE_SIGN_IN } from '../src/modules/profile/policies.ts';
import {
  basic,
  joinedMember,
  PASSWORD,
  type SignedIn,
  signedIn,
  uniqueEmail,
  userById,
} from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Staff signed in as themselves, a user with two workspaces, and a remote-login session into the first. */
async function remoteLogin() {
  const staff = await signedIn(t, { staff: true });
  const user = await signedIn(t);
  const second = await createAccount(t.ctx.db, {
    userId: user.user.id,
    company_name: `Second ${randomUUID().slice(0, 6)}, Inc.`,
    features: [{ feature_type_id: 881, value: 'For-profit Company' }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authn/session/remote',
    headers: { authorization: staff.bearer },
    payload: { user_id: user.user.id, account_id: user.account!.id, reason: 'Support ticket 42' },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { id_token: string; access_token: string };
  return { staff, user, second, idBearer: `Bearer ${body.id_token}`, access: `Bearer ${body.access_token}` };
}

const call = (authorization: string, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'POST', url, headers: { authorization }, payload });

const auditOf = (staff: SignedIn) =>
  t.ctx.db.select().from(auditLog).where(eq(auditLog.impersonatorId, staff.user.id)).orderBy(auditLog.id);

describe('an impersonated (remote-login) session', () => {
  it('is bound to the workspace it was opened for', async () => {
    const { user, second, idBearer } = await remoteLogin();
    const other = await call(idBearer, 'POST', '/api/authn/access_token', { account_id: second.id });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN', message: IMPERSONATOR_BOUND_TO_WORKSPACE });
    const same = await call(idBearer, 'POST', '/api/authn/access_token', { account_id: user.account!.id });
    expect(same.statusCode).toBe(200);
    // The user's own session still opens both.
    const own = await call(user.bearer, 'POST', '/api/authn/access_token', { account_id: second.id });
    expect(own.statusCode).toBe(200);
  });

  it("cannot change the user's password, email addresses or sign-in methods", async () => {
    const { user, idBearer } = await remoteLogin();
    const [extra] = await t.ctx.db
      .insert(authenticators)
      .values({
        pubId: randomUUID(),
        userId: user.user.id,
        value: uniqueEmail('extra'),
        verifiedAt: new Date(),
      })
      .returning();
    const before = await userById(t, user.user.id);
    for (const [method, url, payload] of [
      [
        'PUT',
        '/api/user/settings/password',
        { current_password: PASSWORD, password: 'a brand new password' },
      ],
      ['POST', '/api/user/settings/password/link', undefined],
      ['POST', '/api/user/settings/authenticators', { email: uniqueEmail('staff') }],
      ['PUT', '/api/user/settings/authenticators', { email: extra.value, password: '123-456' }],
      ['PATCH', `/api/v1/user/authenticators/${extra.id}`, { priority: 0 }],
      ['DELETE', `/api/v1/user/authenticators/${extra.id}`, undefined],
    ] as const) {
      const res = await call(idBearer, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), url).toMatchObject({
        code: 'FORBIDDEN',
        message: IMPERSONATOR_CANNOT_CHANGE_SIGN_IN,
      });
    }
    expect(await userById(t, user.user.id)).toEqual(before);
    expect(
      await t.ctx.db.select().from(authenticators).where(eq(authenticators.userId, user.user.id)),
    ).toEqual([extra]);
    expect(await t.mailTo(user.email)).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/credentials',
      headers: { authorization: basic(user.email, PASSWORD) },
    });
    expect(login.statusCode).toBe(200);
    // Names are not a sign-in method: support may correct them.
    const names = await call(idBearer, 'PUT', '/api/user/settings/profile', {
      firstName: 'Ada',
      lastName: 'L',
    });
    expect(names.statusCode).toBe(200);
  });

  it('cannot add members, change the owner or create workspaces, and is not offered to', async () => {
    const { user, idBearer, access } = await remoteLogin();
    const accountId = user.account!.id;
    const colleague = await joinedMember(t, user);
    const before = await t.ctx.db.select().from(memberships).where(eq(memberships.accountId, accountId));
    const email = uniqueEmail('staff-invite');
    for (const [authorization, method, url, payload] of [
      [access, 'POST', '/api/account/admin/add_user', { email, is_admin: true }],
      [access, 'PATCH', `/api/account/change_owner/${colleague.user.id}`, undefined],
      [
        idBearer,
        'POST',
        '/api/user/accounts',
        {
          company_name: 'Staff Made, Inc.',
          features: [{ feature_type_id: 881, value: 'For-profit Company' }],
        },
      ],
    ] as const) {
      const res = await call(authorization, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'FORBIDDEN', message: IMPERSONATOR_CANNOT_GRANT });
    }
    expect(await t.ctx.db.select().from(memberships).where(eq(memberships.accountId, accountId))).toEqual(
      before,
    );
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account.ownerId).toBe(user.user.id);
    expect(
      await t.ctx.db.select().from(accounts).where(eq(accounts.companyName, 'Staff Made, Inc.')),
    ).toEqual([]);
    expect(await t.mailTo(email)).toEqual([]);
    // The members page offers neither to them; the user themselves still may.
    const list = await call(access, 'GET', '/api/account/admin/users');
    expect(list.json().abilities.invite).toBe(false);
    const seen = (list.json().users as { id: number; abilities: { make_owner: boolean } }[]).find(
      (u) => u.id === colleague.user.id,
    );
    expect(seen?.abilities.make_owner).toBe(false);
    const own = await call(user.accountBearer, 'GET', '/api/account/admin/users');
    expect(own.json().abilities.invite).toBe(true);
  });

  it('leaves an audit row for every write, naming the user, the staff member, route, ids and outcome', async () => {
    const { staff, user, second, idBearer, access } = await remoteLogin();
    await call(access, 'POST', '/api/account/storage/folder', { path: '/Audited' });
    await call(access, 'DELETE', '/api/account/storage/folder/2147483000');
    await call(idBearer, 'POST', '/api/authn/access_token', { account_id: second.id });
    await call(access, 'GET', '/api/account/me');
    // The user's own writes are theirs alone.
    await call(user.accountBearer, 'POST', '/api/account/storage/folder', { path: '/Mine' });
    const rows = await auditOf(staff);
    expect(rows.map((row) => row.action)).toEqual([
      'remote_login',
      'impersonated_request',
      'impersonated_request',
      'impersonated_request',
    ]);
    const common = { actorUserId: user.user.id, impersonatorId: staff.user.id, ip: '127.0.0.1' };
    expect(rows.slice(1)).toEqual([
      expect.objectContaining({
        ...common,
        accountId: user.account!.id,
        target: { method: 'POST', route: '/api/account/storage/folder', ids: {}, status: 201 },
      }),
      expect.objectContaining({
        ...common,
        accountId: user.account!.id,
        target: {
          method: 'DELETE',
          route: '/api/account/storage/folder/:id',
          ids: { id: 2147483000 },
          status: 404,
        },
      }),
      expect.objectContaining({
        ...common,
        accountId: null,
        target: {
          method: 'POST',
          route: '/api/authn/access_token',
          ids: { account_id: second.id },
          status: 403,
        },
      }),
    ]);
  });

  it('audits writes made with the session cookie too, logout included', async () => {
    const staff = await signedIn(t, { staff: true });
    const user = await signedIn(t);
    const session = await createSession(t.ctx.db, {
      userId: user.user.id,
      method: 'remote',
      impersonatorId: staff.user.id,
      boundAccountId: user.account!.id,
    });
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/authn/session',
      cookies: { charter_session: session.cookie },
    });
    expect(logout.statusCode).toBe(204);
    expect(await auditOf(staff)).toEqual([
      expect.objectContaining({
        action: 'impersonated_request',
        actorUserId: user.user.id,
        impersonatorId: staff.user.id,
        accountId: user.account!.id,
        target: { method: 'DELETE', route: '/api/authn/session', ids: {}, status: 204 },
      }),
    ]);
  });
});
