import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, login, PASSWORD, signedIn, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (bearer: string) => ({ authorization: bearer });

describe('/api/user/settings/profile', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject('/api/user/settings/profile')).statusCode).toBe(401);
  });

  it('refuses a bad phone with the spec message and changes nothing', async () => {
    const me = await signedIn(t);
    const put = (phone: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/settings/profile',
        headers: as(me.bearer),
        payload: { firstName: 'Changed', lastName: 'Name', phone },
      });
    expect((await put('+1 (555) 55')).json().fields.phone).toBe('Full phone number required.');
    expect((await put('+1 (055) 555-5555')).json().fields.phone).toBe(
      'Phone number is not valid, should be a valid  US Phone, (i.e. (555) 555-5555',
    );
    const profile = (
      await t.app.inject({ url: '/api/user/settings/profile', headers: as(me.bearer) })
    ).json();
    expect(profile.firstName).toBe('Test');
  });

  it('saves names and phone', async () => {
    const me = await signedIn(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings/profile',
      headers: as(me.bearer),
      payload: { firstName: 'Grace', lastName: 'Hopper', phone: '+1 (415) 555-0132' },
    });
    expect(res.statusCode).toBe(200);
    const profile = (
      await t.app.inject({ url: '/api/user/settings/profile', headers: as(me.bearer) })
    ).json();
    expect(profile).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 (415) 555-0132',
      email: me.email,
    });
  });
});

describe('PUT /api/user/settings/password', () => {
  const change = (bearer: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/user/settings/password', headers: as(bearer), payload });

  it('refuses a wrong current password and a short new one', async () => {
    const me = await signedIn(t);
    const wrong = await change(me.bearer, {
      current_password: 'not my password',
      password: 'a new long password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Your current password is incorrect, please try again.',
    });
    const short = await change(me.bearer, { current_password: PASSWORD, password: '12345678901' });
    expect(short.json().fields.password).toBe(
      'Password must be at least 12 characters long to meet industry-standard security requirements.',
    );
  });

  it('changes it, ends the other sessions and keeps this one', async () => {
    const me = await signedIn(t);
    const elsewhere = await login(t, me.email, PASSWORD);
    const res = await change(me.bearer, { current_password: PASSWORD, password: 'a new long password' });
    expect(res.json()).toEqual({ message: 'Your password has been successfully changed.' });
    expect((await t.app.inject({ url: '/api/user/me', headers: as(me.bearer) })).statusCode).toBe(200);
    const other = await t.app.inject({ url: '/api/user/me', headers: as(`Bearer ${elsewhere.idToken}`) });
    expect(other.json().code).toBe('E_SESSION_INVALID');
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/credentials',
      headers: { authorization: basic(me.email, 'a new long password') },
    });
    expect(relogin.statusCode).toBe(200);
  });

  it('mails a set-password link on request', async () => {
    const me = await signedIn(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/settings/password/link',
      headers: as(me.bearer),
    });
    expect(res.json().message).toBe('Set new password email sent.');
    const [mail] = await t.mailTo(me.email);
    expect(mail.text).toMatch(/\/reset-password\/\S+/);
  });
});

describe('email authenticators', () => {
  it('adds, verifies with the mailed code, makes primary, and removes', async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const second = uniqueEmail('second');

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/user/settings/authenticators',
      headers: as(me.bearer),
      payload: { email: other.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('E_EMAIL_ALREADY_CLAIMED');

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/user/settings/authenticators',
      headers: as(me.bearer),
      payload: { email: second },
    });
    expect(added.statusCode).toBe(201);
    const { id } = added.json();
    const verify = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/settings/authenticators',
        headers: as(me.bearer),
        payload: { email: second, password },
      });
    expect((await verify('000-000')).statusCode).toBe(400);
    const [mail] = await t.mailTo(second);
    const code = mail.text.match(/\b\d{3}-\d{3}\b/)?.[0] ?? '';
    expect((await verify(code)).json().verified_at).not.toBeNull();

    const list = (await t.app.inject({ url: '/api/v1/user/authenticators', headers: as(me.bearer) })).json();
    expect(list.map((a: { value: string }) => a.value)).toEqual([me.email, second]);

    const notMine = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/authenticators/${id}`,
      headers: as(other.bearer),
    });
    expect(notMine.statusCode).toBe(404);

    const primary = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/authenticators/${id}`,
      headers: as(me.bearer),
      payload: { priority: 0 },
    });
    expect(primary.statusCode).toBe(204);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/credentials',
      headers: { authorization: basic(second, PASSWORD) },
    });
    expect(relogin.statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/authenticators/${id}`,
      headers: as(me.bearer),
    });
    expect(removed.statusCode).toBe(204);
    const after = (await t.app.inject({ url: '/api/v1/user/authenticators', headers: as(me.bearer) })).json();
    expect(after.map((a: { value: string }) => a.value)).toEqual([second]);
  });
});
