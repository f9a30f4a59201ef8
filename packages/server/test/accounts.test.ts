import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, memberships } from '../src/db/schema/index.ts';
import { signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const business = [{ feature_type_id: 881, value: 'Investment Vehicle' }];

describe('/api/user/accounts', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject('/api/user/accounts')).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/accounts',
      payload: { company_name: 'X Inc.' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad names and a missing business purpose with the spec messages', async () => {
    const me = await signedIn(t);
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/accounts',
        headers: { authorization: me.bearer },
        payload,
      });
    expect((await post({ company_name: ' ', features: business })).json().fields.company_name).toBe(
      'Company must be named.',
    );
    expect((await post({ company_name: 'Acme', features: business })).json().fields.company_name).toBe(
      'Select a suffix',
    );
    const noPurpose = await post({ company_name: 'Acme, Inc.' });
    expect(noPurpose.statusCode).toBe(400);
    expect(noPurpose.json().fields.business_type).toBeDefined();
  });

  it('refuses the partner slug and unknown features, creating nothing', async () => {
    const me = await signedIn(t, { company: null });
    for (const [feature, message] of [
      [1583, 'Feature 1583 (partner slug) is set by the partner, not when creating a workspace.'],
      [999_999, 'Unknown feature type 999999.'],
    ] as const) {
      const features = [...business, { feature_type_id: feature, value: 'acme-partner' }];
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/user/accounts',
        headers: { authorization: me.bearer },
        payload: { company_name: 'Partnered, Inc.', features },
      });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message,
        fields: { features: message },
      });
      const email = `partner-${feature}-${me.user.id}@example.com`;
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/authn/session/credentials',
        payload: {
          email,
          password: 'a long enough password',
          first_name: 'Pat',
          family_name: 'Partner',
          create: true,
          tos: true,
          company: { company_name: 'Partnered, Inc.', features },
        },
      });
      expect(registered.statusCode).toBe(400);
      expect(registered.json().message).toBe(message);
      expect((await t.app.inject(`/api/public/auth/email/${email}`)).statusCode).toBe(404);
    }
    expect(await t.ctx.db.select().from(memberships).where(eq(memberships.userId, me.user.id))).toEqual([]);
  });

  it('creates a workspace the user administers, listed for them and no one else', async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/accounts',
      headers: { authorization: me.bearer },
      payload: { company_name: 'Fund Two, L.P.', features: business },
    });
    expect(res.statusCode).toBe(201);
    const { account_id } = res.json();
    const mine = (
      await t.app.inject({ url: '/api/user/accounts', headers: { authorization: me.bearer } })
    ).json();
    expect(mine.map((a: { id: number }) => a.id)).toEqual([me.account!.id, account_id]);
    expect(mine[1]).toMatchObject({
      company_name: 'Fund Two, L.P.',
      is_admin: true,
      preferred: false,
      features: business,
    });
    const theirs = (
      await t.app.inject({ url: '/api/user/accounts', headers: { authorization: other.bearer } })
    ).json();
    expect(theirs.map((a: { id: number }) => a.id)).toEqual([other.account!.id]);
  });

  it("keeps one preferred workspace and refuses another user's", async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/accounts',
        headers: { authorization: me.bearer },
        payload: { company_name: 'Second Co.', features: business },
      })
    ).json().account_id;
    const prefer = (id: number, method: 'POST' | 'DELETE' = 'POST', bearer = me.bearer) =>
      t.app.inject({
        method,
        url: `/api/user/accounts/${id}/preference`,
        headers: { authorization: bearer },
      });
    expect((await prefer(other.account!.id)).statusCode).toBe(404);
    expect((await prefer(second)).statusCode).toBe(204);
    const list = (
      await t.app.inject({ url: '/api/user/accounts', headers: { authorization: me.bearer } })
    ).json();
    expect(list.filter((a: { preferred: boolean }) => a.preferred).map((a: { id: number }) => a.id)).toEqual([
      second,
    ]);
    expect((await prefer(second, 'DELETE')).statusCode).toBe(204);
  });
});

describe('access tokens and /api/account/me', () => {
  it('refuses a token for a workspace the user does not belong to', async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authn/access_token',
      headers: { authorization: me.bearer },
      payload: { account_id: other.account!.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('carries the spec claims for 15 minutes', async () => {
    const me = await signedIn(t);
    const claims = decodeJwt(me.access);
    expect(claims).toMatchObject({
      sub: String(me.user.id),
      email: me.email,
      account_id: me.account!.id,
      company: me.account!.companyName,
      partners: [],
      impersonator_id: null,
      name: 'Test User',
      first_name: 'Test',
      last_name: 'User',
      userId: me.user.id,
      iss: 'http://localhost:3000',
    });
    const ttl = (claims.exp ?? 0) - Math.floor(Date.now() / 1000);
    expect(ttl).toBeGreaterThan(14 * 60);
    expect(ttl).toBeLessThanOrEqual(15 * 60);
  });

  it('answers the workspace, the member and their abilities; role 3 is restricted', async () => {
    expect((await t.app.inject('/api/account/me')).statusCode).toBe(401);
    const me = await signedIn(t);
    const res = await t.app.inject({ url: '/api/account/me', headers: { authorization: me.accountBearer } });
    expect(res.json()).toMatchObject({
      account: { id: me.account!.id, company_name: me.account!.companyName, role_id: 1 },
      user: { id: me.user.id, is_admin: true },
      abilities: { filecabinet: true, reports: true, manage_settings: true },
    });
    await t.ctx.db.update(accounts).set({ roleId: 3 }).where(eq(accounts.id, me.account!.id));
    t.ctx.authCaches.account.clear();
    const restricted = await t.app.inject({
      url: '/api/account/me',
      headers: { authorization: me.accountBearer },
    });
    expect(restricted.json().abilities).toMatchObject({
      filecabinet: false,
      reports: false,
      manage_settings: false,
    });
  });

  it('stops working once the membership is gone', async () => {
    const me = await signedIn(t);
    await t.ctx.db
      .delete(memberships)
      .where(and(eq(memberships.accountId, me.account!.id), eq(memberships.userId, me.user.id)));
    t.ctx.authCaches.account.clear();
    const res = await t.app.inject({ url: '/api/account/me', headers: { authorization: me.accountBearer } });
    expect(res.statusCode).toBe(403);
  });

  it('stops working at once after logout, although it was cached', async () => {
    const me = await signedIn(t);
    const auth = { authorization: me.accountBearer };
    expect((await t.app.inject({ url: '/api/account/me', headers: auth })).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/authn/session',
      headers: { authorization: me.bearer },
    });
    const after = await t.app.inject({ url: '/api/account/me', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('E_SESSION_INVALID');
  });
});
