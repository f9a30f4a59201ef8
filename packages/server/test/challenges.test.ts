import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticators, oneTimeCodes } from '../src/db/schema/index.ts';
import { basic, createUser, login, PASSWORD, uniqueEmail, userById } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const request = (email: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authn/challenge',
    payload: { identifier: { type: 'email', value: email }, template: 'magic-link', ...extra },
  });

const redeem = (id: string, code: string) =>
  t.app.inject({ method: 'POST', url: `/api/authn/session/challenge/${id}`, payload: { code } });

async function mailedCode(email: string, nth = 0) {
  const mails = await t.mailTo(email);
  const mail = mails[nth];
  const link = mail.text.match(/https?:\/\/\S+\/verify\/magic-link\/(\S+)\/(\S+)/);
  return { code: mail.text.match(/: ([A-Z0-9]{8})\b/)?.[1] ?? '', linkId: link?.[1], linkCode: link?.[2] };
}

describe('POST /api/authn/challenge', () => {
  it('answers 404 for an unknown email unless asked to create a user', async () => {
    const res = await request(uniqueEmail());
    expect(res.statusCode).toBe(404);
  });

  it('rejects a malformed email with the spec message', async () => {
    const res = await request('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid email address');
  });

  it('with create:true mails the code and a link holding it, and makes no user until it is redeemed', async () => {
    const email = uniqueEmail('link');
    const res = await request(email, { create: true });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const check = await t.app.inject(`/api/public/auth/email/${encodeURIComponent(email)}`);
    expect(check.statusCode).toBe(404);
    const { code, linkId, linkCode } = await mailedCode(email);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(linkId).toBe(id);
    expect(linkCode).toBe(code);
  });
});

describe('POST /api/authn/session/challenge/:id', () => {
  it('wrong code, short code, then the right one in lower case; second use is refused', async () => {
    const { email, user } = await createUser(t, { verified: false });
    const { id, receipt } = (await request(email)).json();
    const { code } = await mailedCode(email);

    const wrong = await redeem(id, code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'E_CODE_INVALID',
      message: 'There was an error while verifying your code.',
    });

    const short = await redeem(id, 'ABC');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('must be 8 characters');

    const pending = await t.app.inject(`/api/authn/challenge/${id}?receipt=${receipt}`);
    expect(pending.json().status).toBe('pending');

    const ok = await redeem(id, code.toLowerCase());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id_token).toMatch(/^ey/);
    expect(ok.cookies.some((c) => c.name === 'charter_session')).toBe(true);
    expect((await userById(t, user.id)).emailVerifiedAt).not.toBeNull();

    const verified = await t.app.inject(`/api/authn/challenge/${id}?receipt=${receipt}`);
    expect(verified.json().status).toBe('verified');
    const again = await redeem(id, code);
    expect(again.json().code).toBe('E_CODE_REDEEMED');
  });

  it('takes an unconfirmed account over from whoever set its password, once the link proves the inbox', async () => {
    const squatter = await createUser(t, { verified: false, company: null });
    const early = await login(t, squatter.email, PASSWORD);
    const squatterBearer = { authorization: `Bearer ${early.idToken}` };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/user/settings/authenticators',
      headers: squatterBearer,
      payload: { email: uniqueEmail('squatter') },
    });
    expect(added.statusCode).toBe(201);

    const { id } = (await request(squatter.email)).json();
    const ok = await redeem(id, (await mailedCode(squatter.email)).code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      id: squatter.user.id,
      email_verified: true,
      password_allowed: false,
    });

    // The squatter's session, password and extra address are gone; the owner's session works.
    for (const res of [
      await t.app.inject({ url: '/api/user/me', headers: squatterBearer }),
      await t.app.inject({
        method: 'POST',
        url: '/api/authn/session/id_token',
        cookies: { charter_session: early.cookie },
      }),
    ]) {
      expect(res.json().code).toBe('E_SESSION_INVALID');
    }
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/credentials',
      headers: { authorization: basic(squatter.email, PASSWORD) },
    });
    expect(again.statusCode).toBe(401);
    expect(
      await t.ctx.db.select().from(authenticators).where(eq(authenticators.userId, squatter.user.id)),
    ).toEqual([]);
    const mine = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${ok.json().id_token}` },
    });
    expect(mine.statusCode).toBe(200);
  });

  it('leaves a verified account as it is', async () => {
    const owner = await createUser(t, { company: null });
    const earlier = await login(t, owner.email, PASSWORD);
    const { id } = (await request(owner.email)).json();
    expect((await redeem(id, (await mailedCode(owner.email)).code)).statusCode).toBe(200);
    const still = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${earlier.idToken}` },
    });
    expect(still.json()).toMatchObject({ id: owner.user.id, password_allowed: true });
  });

  it('locks the code after five attempts, even for the right code', async () => {
    const { email } = await createUser(t);
    const { id } = (await request(email)).json();
    const { code } = await mailedCode(email);
    for (let i = 0; i < 5; i++) {
      expect((await redeem(id, 'ZZZZZZZZ')).statusCode).toBe(400);
    }
    const locked = await redeem(id, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('E_CODE_RETRY');
  });

  it('refuses an expired code', async () => {
    const { email } = await createUser(t);
    const { id } = (await request(email)).json();
    const { code } = await mailedCode(email);
    await t.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.id, id));
    const res = await redeem(id, code);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED_ERROR');
  });

  it('status needs the receipt; a deleted challenge can no longer be used', async () => {
    const { email } = await createUser(t);
    const { id, receipt } = (await request(email)).json();
    const { code } = await mailedCode(email);
    expect((await t.app.inject(`/api/authn/challenge/${id}?receipt=wrong`)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/authn/challenge/${id}?receipt=${receipt}`,
    });
    expect(del.statusCode).toBe(204);
    expect((await redeem(id, code)).json().code).toBe('E_CODE_REDEEMED');
  });
});
