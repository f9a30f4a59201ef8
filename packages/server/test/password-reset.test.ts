import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createUser, login, PASSWORD, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FORGOT =
  "If there's an account linked to this email address, you will receive reset instructions in your inbox.";
const NEW_PASSWORD = 'a brand new password';

const forgot = (email: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/public/user/password/forgot', payload: { email } });
const reset = (code: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/public/user/password/reset/', payload: { code, password } });

async function resetCode(email: string) {
  const [mail] = await t.mailTo(email);
  return mail.text.match(/\/reset-password\/(\S+)/)?.[1] ?? '';
}

describe('forgot and reset password', () => {
  it('answers the same message whether or not the account exists, and mails only a real one', async () => {
    const { email } = await createUser(t);
    const stranger = uniqueEmail();
    const a = await forgot(email);
    const b = await forgot(stranger);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: FORGOT });
    expect(b.json()).toEqual({ message: FORGOT });
    expect(await t.mailTo(stranger)).toHaveLength(0);
    expect(await resetCode(email)).not.toBe('');
  });

  it('checks new passwords with the Basic header', async () => {
    const header = (p: string) => ({ authorization: `Basic ${Buffer.from(`:${p}`).toString('base64')}` });
    const weak = await t.app.inject({ url: '/api/public/auth/check-password', headers: header('short') });
    expect(weak.json().valid).toBe(false);
    const strong = await t.app.inject({
      url: '/api/public/auth/check-password',
      headers: header(NEW_PASSWORD),
    });
    expect(strong.json()).toEqual({ valid: true, message: null });
  });

  it('refuses a bad code and a weak password, then resets once and ends old sessions', async () => {
    const { email } = await createUser(t);
    const { idToken } = await login(t, email, PASSWORD);
    await forgot(email);
    const code = await resetCode(email);

    expect((await reset('nonsense.code', NEW_PASSWORD)).json().code).toBe('E_CODE_INVALID');
    const weak = await reset(code, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe(
      'Password must be at least 12 characters long to meet industry-standard security requirements.',
    );

    const ok = await reset(code, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    // A reset of an existing password signs nobody in: the owner signs in with the new one.
    expect(ok.json()).toEqual({ message: 'Your password has been successfully changed.' });
    expect(ok.cookies.find((c) => c.name === 'charter_session')).toBeUndefined();

    const credentials = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authn/session/credentials',
        headers: { authorization: basic(email, password) },
      });
    expect((await credentials(PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await credentials(NEW_PASSWORD)).statusCode).toBe(200);

    const old = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${idToken}` } });
    expect(old.json().code).toBe('E_SESSION_INVALID');
    expect((await reset(code, 'yet another password')).json().code).toBe('E_CODE_REDEEMED');
  });
});
