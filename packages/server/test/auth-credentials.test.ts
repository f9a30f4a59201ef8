import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_GUESSES } from '../src/modules/auth/one-time-codes.ts';
import { basic, createUser, login, PASSWORD, uniqueEmail } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const credentials = (authorization?: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authn/session/credentials',
    headers: authorization ? { authorization } : {},
    payload: payload as object,
  });

describe('GET /api/public/auth/email/:email', () => {
  it('answers 404 for an unknown email', async () => {
    const res = await t.app.inject(`/api/public/auth/email/${encodeURIComponent(uniqueEmail())}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('tells whether the account has a password, case-insensitively', async () => {
    const { email } = await createUser(t);
    const passwordless = await createUser(t, { password: null });
    const a = await t.app.inject(`/api/public/auth/email/${encodeURIComponent(email.toUpperCase())}`);
    expect(a.json()).toEqual({ password_allowed: true, email_verified: true });
    const b = await t.app.inject(`/api/public/auth/email/${encodeURIComponent(passwordless.email)}`);
    expect(b.json().password_allowed).toBe(false);
  });

  it("reads an address with a '%' as it was sent (decoded once), and a stray '%' is just unknown", async () => {
    const { email } = await createUser(t, { email: uniqueEmail('100%pure') });
    const found = await t.app.inject(`/api/public/auth/email/${encodeURIComponent(email)}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().password_allowed).toBe(true);
    const stray = await t.app.inject('/api/public/auth/email/abc%25');
    expect(stray.statusCode).toBe(404);
  });
});

describe('POST /api/authn/session/credentials (login)', () => {
  it('rejects a missing Basic header with 400', async () => {
    const res = await credentials();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Password required' });
  });

  it('rejects a wrong password with INVALID_CREDENTIALS and the spec message', async () => {
    const { email } = await createUser(t);
    const res = await credentials(basic(email, 'wrong password here'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Password is incorrect' });
  });

  it('accepts a login that also sends the credentials as a body', async () => {
    const { email } = await createUser(t);
    const res = await credentials(basic(email, PASSWORD), { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a registration body missing its fields', async () => {
    const res = await credentials(undefined, { create: true, email: uniqueEmail() });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['password', 'first_name']));
  });

  it('rejects an unknown email exactly like a wrong password', async () => {
    const res = await credentials(basic(uniqueEmail(), PASSWORD));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('signs in: id_token, httpOnly session cookie, and /api/user/me answers for it', async () => {
    const { email, user } = await createUser(t);
    const res = await credentials(basic(email, PASSWORD));
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'charter_session');
    expect(cookie?.httpOnly).toBe(true);
    const me = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${res.json().id_token}` },
    });
    expect(me.json()).toMatchObject({ id: user.id, email, email_verified: true, password_allowed: true });
  });
});

describe('POST /api/authn/session/credentials (registration)', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    email: uniqueEmail('new'),
    password: 'a long enough password',
    first_name: 'Ada',
    family_name: 'Lovelace',
    create: true,
    tos: true,
    ...over,
  });

  it('refuses a short password with the spec message and creates nothing', async () => {
    const input = body({ password: 'short' });
    const res = await credentials(undefined, input);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBe(
      'Password must be at least 12 characters long to meet industry-standard security requirements.',
    );
    const check = await t.app.inject(`/api/public/auth/email/${encodeURIComponent(input.email as string)}`);
    expect(check.statusCode).toBe(404);
  });

  it('refuses a company name without a suffix', async () => {
    const res = await credentials(
      undefined,
      body({
        company: { company_name: 'Acme', features: [{ feature_type_id: 881, value: 'For-profit Company' }] },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.company_name).toBe('Select a suffix');
  });

  it('refuses an email that already has an account', async () => {
    const { email } = await createUser(t);
    const res = await credentials(undefined, body({ email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_ALREADY_EXISTS');
  });

  it('registers with a first workspace and emails a six-digit code that confirms the email', async () => {
    const input = body({
      company: {
        company_name: 'Analytical Engines, Inc.',
        features: [{ feature_type_id: 881, value: 'For-profit Company' }],
      },
    });
    const res = await credentials(undefined, input);
    expect(res.statusCode).toBe(201);
    const { id_token, account_id, user } = res.json();
    expect(account_id).toBeGreaterThan(0);
    expect(user.email_verified).toBe(false);
    const auth = { authorization: `Bearer ${id_token}` };

    const accounts = await t.app.inject({ url: '/api/user/accounts', headers: auth });
    expect(accounts.json()).toEqual([
      expect.objectContaining({
        id: account_id,
        company_name: 'Analytical Engines, Inc.',
        preferred: true,
        is_admin: true,
      }),
    ]);

    const [mail] = await t.mailTo(input.email as string);
    const code = mail.text.match(/\b(\d{3}-\d{3})\b/)?.[1];
    expect(code).toBeDefined();

    const wrong = await t.app.inject({ url: '/api/user/confirm/000-000', headers: auth });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("That code wasn't valid. Double Check and try again.");

    const ok = await t.app.inject({ url: `/api/user/confirm/${code}`, headers: auth });
    expect(ok.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/user/me', headers: auth });
    expect(me.json().email_verified).toBe(true);
  });

  it('resend makes the earlier code stop working', async () => {
    const input = body();
    const res = await credentials(undefined, input);
    const auth = { authorization: `Bearer ${res.json().id_token}` };
    const [first] = await t.mailTo(input.email as string);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/user/confirm/code/resend',
      headers: auth,
    });
    expect(resend.statusCode).toBe(200);
    const mails = await t.mailTo(input.email as string);
    expect(mails).toHaveLength(2);
    const oldCode = first.text.match(/\b(\d{3}-\d{3})\b/)?.[1];
    const newCode = mails[1].text.match(/\b(\d{3}-\d{3})\b/)?.[1];
    if (oldCode !== newCode) {
      const stale = await t.app.inject({ url: `/api/user/confirm/${oldCode}`, headers: auth });
      expect(stale.statusCode).toBe(400);
    }
    const fresh = await t.app.inject({ url: `/api/user/confirm/${newCode}`, headers: auth });
    expect(fresh.statusCode).toBe(200);
  });

  it('resending does not reset the attempt budget: after five wrong codes the new code is refused too', async () => {
    const input = body();
    const res = await credentials(undefined, input);
    const auth = { authorization: `Bearer ${res.json().id_token}` };
    const [first] = await t.mailTo(input.email as string);
    const code = first.text.match(/\b(\d{3}-\d{3})\b/)?.[1] as string;
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    for (let i = 0; i < 5; i++) {
      const guess = await t.app.inject({ url: `/api/user/confirm/${wrong}`, headers: auth });
      expect(guess.json().code).toBe('E_CODE_INVALID');
    }
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/user/confirm/code/resend',
      headers: auth,
    });
    expect(resend.statusCode).toBe(200);
    const fresh = (await t.mailTo(input.email as string))[1].text.match(/\b(\d{3}-\d{3})\b/)?.[1];
    const locked = await t.app.inject({ url: `/api/user/confirm/${fresh}`, headers: auth });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'E_CODE_RETRY', message: TOO_MANY_GUESSES });
    const me = await t.app.inject({ url: '/api/user/me', headers: auth });
    expect(me.json().email_verified).toBe(false);
  });

  it('confirmation requires a signed-in user', async () => {
    const res = await t.app.inject('/api/user/confirm/123-456');
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions and tokens', () => {
  it('logout revokes the session: its id_token fails with E_SESSION_INVALID at once', async () => {
    const { email } = await createUser(t);
    const { idToken } = await login(t, email, PASSWORD);
    const auth = { authorization: `Bearer ${idToken}` };
    expect((await t.app.inject({ url: '/api/user/me', headers: auth })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/authn/session', headers: auth });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/user/me', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('E_SESSION_INVALID');
  });

  it('the cookie alone recovers an id_token', async () => {
    const { email } = await createUser(t);
    const { cookie } = await login(t, email, PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/id_token',
      cookies: { charter_session: cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id_token).toMatch(/^ey/);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/id_token',
      cookies: { charter_session: `${cookie.split('.')[0]}.forged` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses an expired token with TOKEN_EXPIRED_ERROR, although its session lives', async () => {
    const { email, user } = await createUser(t);
    const { idToken } = await login(t, email, PASSWORD);
    const { sid } = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()) as { sid: string };
    const expired = await t.ctx.tokens.sign({ typ: 'id', sub: String(user.id), sid }, -60);
    const res = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED_ERROR');
    expect(
      (await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${idToken}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a token that expired after it was accepted (remembered tokens are checked again)', async () => {
    const { email } = await createUser(t);
    const { idToken } = await login(t, email, PASSWORD);
    const me = () => t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${idToken}` } });
    expect((await me()).statusCode).toBe(200);
    const later = Date.now() + 24 * 3600_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const res = await me();
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('TOKEN_EXPIRED_ERROR');
    } finally {
      clock.mockRestore();
    }
  });

  it('rejects a token signed by another issuer key', async () => {
    const { generateKeyPair, SignJWT } = await import('jose');
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ typ: 'id', sub: '1', sid: 'x' })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer('http://localhost:3000')
      .setExpirationTime('1h')
      .sign(privateKey);
    const res = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${forged}` } });
    expect(res.json().code).toBe('INVALID_JWT');
  });

  it('rejects a garbage token with INVALID_JWT and none with 401', async () => {
    const bad = await t.app.inject({ url: '/api/user/me', headers: { authorization: 'Bearer not.a.jwt' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('INVALID_JWT');
    expect((await t.app.inject('/api/user/me')).statusCode).toBe(401);
  });

  it('an id_token is not accepted where an access_token is required, nor the reverse', async () => {
    const { email, account } = await createUser(t);
    const { idToken } = await login(t, email, PASSWORD);
    const asAccount = await t.app.inject({
      url: '/api/account/me',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(asAccount.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authn/access_token',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { account_id: account!.id },
    });
    const access = res.json().access_token;
    const asUser = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(asUser.statusCode).toBe(401);
  });
});
