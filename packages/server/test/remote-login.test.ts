import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const remote = (bearer: string | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authn/session/remote',
    headers: bearer ? { authorization: bearer } : {},
    payload: { reason: 'Support ticket 42', ...payload },
  });

describe('POST /api/authn/session/remote', () => {
  it('needs a signed-in user', async () => {
    expect((await remote(null, { user_id: 1, account_id: 1 })).statusCode).toBe(401);
  });

  it('refuses users who are not staff with NOT_SUDO', async () => {
    const me = await signedIn(t);
    const target = await signedIn(t);
    const res = await remote(me.bearer, { user_id: target.user.id, account_id: target.account!.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_SUDO');
  });

  it('refuses a user and workspace that do not belong together', async () => {
    const staff = await signedIn(t, { staff: true });
    const target = await signedIn(t);
    const other = await signedIn(t);
    const res = await remote(staff.bearer, { user_id: target.user.id, account_id: other.account!.id });
    expect(res.statusCode).toBe(404);
  });

  it('acts as the user, with the staff id on every token, audited', async () => {
    const staff = await signedIn(t, { staff: true });
    const target = await signedIn(t);
    const res = await remote(staff.bearer, { user_id: target.user.id, account_id: target.account!.id });
    expect(res.statusCode).toBe(200);
    const { id_token, access_token } = res.json();
    const me = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${id_token}` } });
    expect(me.json()).toMatchObject({ id: target.user.id, impersonator_id: staff.user.id });
    const account = await t.app.inject({
      url: '/api/account/me',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(account.json().user.impersonator_id).toBe(staff.user.id);
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.impersonatorId, staff.user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'remote_login',
        actorUserId: staff.user.id,
        accountId: target.account!.id,
        target: expect.objectContaining({ user_id: target.user.id, account_id: target.account!.id }),
        reason: 'Support ticket 42',
      }),
    ]);
    // An impersonating session cannot itself impersonate again.
    expect(
      (await remote(`Bearer ${id_token}`, { user_id: target.user.id, account_id: target.account!.id }))
        .statusCode,
    ).toBe(403);
  });
});

describe('DELETE /api/authn/session/remote (back to the staff console)', () => {
  const end = (headers: Record<string, string>, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'DELETE', url: '/api/authn/session/remote', headers, cookies });

  it('needs a signed-in user, and ends only a remote login', async () => {
    expect((await end({})).statusCode).toBe(401);
    const me = await signedIn(t);
    const refused = await end({ authorization: me.bearer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This session is not a remote login');
    const still = await t.app.inject({ url: '/api/user/me', headers: { authorization: me.bearer } });
    expect(still.statusCode).toBe(200);
  });

  it("ends the remote login's session, keeps the staff member's own cookie and session, audited", async () => {
    const staff = await signedIn(t, { staff: true });
    const target = await signedIn(t);
    const origin = t.config.publicUrl.replace(/\/$/, '');
    // The staff member's browser holds their own session cookie.
    const { cookie } = staff;
    const res = await remote(staff.bearer, { user_id: target.user.id, account_id: target.account!.id });
    const { id_token } = res.json();

    const ended = await end({ authorization: `Bearer ${id_token}`, origin }, { charter_session: cookie });
    expect(ended.statusCode).toBe(204);
    expect(ended.cookies.find((c) => c.name === 'charter_session')).toBeUndefined();
    const gone = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${id_token}` },
    });
    expect(gone.json().code).toBe('E_SESSION_INVALID');
    // The staff member's own session still answers, as themselves.
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/id_token',
      cookies: { charter_session: cookie },
      headers: { origin },
    });
    expect(back.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${back.json().id_token}` },
    });
    expect(me.json()).toMatchObject({ id: staff.user.id, impersonator_id: null, is_staff: true });
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.impersonatorId, staff.user.id));
    expect(audited.map((row) => row.action)).toEqual(
      expect.arrayContaining(['remote_login', 'impersonated_request']),
    );
  });
});
