import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticators, oidcIdentities, users } from '../src/db/schema/index.ts';
import { basic, createUser, login, PASSWORD, uniqueEmail, userById } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { type AccountClaims, signInAtOidcProvider, startOidcProvider } from './support/oidc-provider.ts';

const CLIENT_ID = 'charter-test';
const CLIENT_SECRET = 'charter-test-secret';
const CALLBACK = '/api/authn/oidc/accounts.google.com/callback';
const AUTH = '/api/authn/oidc/accounts.google.com/auth';
const REDIRECT_URI = `http://localhost:3000${CALLBACK}`; // the harness's PUBLIC_URL

/** Follows the issuer's forms up to our callback; the path and query the browser would then open. */
const signInAtProvider = async (authorizationUrl: string, login: string, options: { abort?: boolean } = {}) =>
  (await signInAtOidcProvider(authorizationUrl, login, REDIRECT_URI, options)).slice(
    'http://localhost:3000'.length,
  );

let t: TestApp;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
beforeAll(async () => {
  provider = await startOidcProvider({ id: CLIENT_ID, secret: CLIENT_SECRET, redirectUris: [REDIRECT_URI] });
  t = await createTestApp({
    google: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer: provider.issuer },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** A person known to the issuer; `login` is what they type at the provider. */
const providerAccount = (claims: Partial<AccountClaims> = {}) =>
  provider.person({ email: uniqueEmail('oidc'), given_name: 'Ada', family_name: 'Lovelace', ...claims });

async function startAuth(redirect = '/rooms') {
  const res = await t.app.inject(`${AUTH}?redirect=${encodeURIComponent(redirect)}`);
  expect(res.statusCode).toBe(302);
  const state = res.cookies.find((c) => c.name === 'charter_oidc');
  if (!state) throw new Error('no state cookie');
  return { res, location: String(res.headers.location), state };
}

const callback = (path: string, state?: string) =>
  t.app.inject({ url: path, cookies: state === undefined ? {} : { charter_oidc: state } });

/** The whole round trip: our /auth, the provider's forms, our /callback. */
async function signIn(login: string, redirect = '/rooms') {
  const { location, state } = await startAuth(redirect);
  return callback(await signInAtProvider(location, login), state.value);
}

const sessionCookie = (res: Awaited<ReturnType<typeof callback>>) =>
  res.cookies.find((c) => c.name === 'charter_session')?.value;

async function idTokenFor(cookie: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authn/session/id_token',
    cookies: { charter_session: cookie },
  });
  expect(res.statusCode).toBe(200);
  return decodeJwt((res.json() as { id_token: string }).id_token);
}

const usersWithEmail = async (email: string) =>
  t.ctx.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);

describe('GET /api/authn/oidc/accounts.google.com/auth', () => {
  it('answers 404 NOT_FOUND when Google is not configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject(AUTH);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Sign-in with Google is not configured on this server',
      });
      // ...and the login page is told not to show the button.
      expect((await bare.app.inject('/api/public/auth/providers')).json()).toEqual({ google: false });
      expect((await t.app.inject('/api/public/auth/providers')).json()).toEqual({ google: true });
    } finally {
      await bare.close();
    }
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', 'rooms', '/\t/evil.example'])(
    'refuses the off-site redirect %j',
    async (redirect) => {
      const res = await t.app.inject(`${AUTH}?redirect=${encodeURIComponent(redirect)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Redirect must be a path on this site',
      });
    },
  );

  it('redirects to the issuer with PKCE S256, state and nonce, keeping them in a short-lived cookie', async () => {
    const { location, state } = await startAuth();
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(url.searchParams.get(name)).toMatch(/^.{20,}$/);
    expect(state).toMatchObject({ path: '/api/authn/oidc', httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    expect(state.value).not.toContain(url.searchParams.get('code_challenge'));
  });
});

describe('GET /api/authn/oidc/accounts.google.com/callback', () => {
  it('creates a passwordless user, signs in and hands the saved path to the login page', async () => {
    const person = providerAccount();
    const res = await signIn(person.login, '/rooms?tab=files');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?oidc=1&redirect=${encodeURIComponent('/rooms?tab=files')}`);
    expect(res.cookies.find((c) => c.name === 'charter_oidc')?.value).toBe('');
    const cookie = sessionCookie(res);
    expect(cookie).toBeTruthy();
    const claims = await idTokenFor(cookie ?? '');
    expect(claims).toMatchObject({
      email: person.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email_verified: true,
      password_allowed: false,
    });
    const [identity] = await t.ctx.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.subject, person.login));
    expect(identity).toMatchObject({ issuer: provider.issuer, userId: Number(claims.sub) });
  });

  it('signs the same person in again as the same user', async () => {
    const person = providerAccount();
    const first = await idTokenFor(sessionCookie(await signIn(person.login)) ?? '');
    const second = await idTokenFor(sessionCookie(await signIn(person.login)) ?? '');
    expect(second.sub).toBe(first.sub);
    expect(second.sid).not.toBe(first.sid);
    expect(await usersWithEmail(person.email)).toHaveLength(1);
    const links = await t.ctx.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.subject, person.login));
    expect(links).toHaveLength(1);
  });

  it('links a verified email to the existing account, which keeps its password', async () => {
    const existing = await createUser(t);
    const person = providerAccount({ email: existing.email.toUpperCase() });
    const claims = await idTokenFor(sessionCookie(await signIn(person.login)) ?? '');
    expect(claims.sub).toBe(String(existing.user.id));
    expect(claims.password_allowed).toBe(true);
    await login(t, existing.email, PASSWORD);
  });

  it('takes an unconfirmed account over from whoever set its password, once the issuer vouches for the email', async () => {
    const squatter = await createUser(t, { verified: false });
    const early = await login(t, squatter.email, PASSWORD);
    // The squatter's token is in use (and so remembered by the auth cache) when the takeover happens.
    const squatterMe = () =>
      t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${early.idToken}` } });
    expect((await squatterMe()).statusCode).toBe(200);
    const person = providerAccount({ email: squatter.email });
    const signedIn = await signIn(person.login);
    // The callback is a GET, yet it ended the squatter's sessions: the very next request is refused.
    expect((await squatterMe()).json().code).toBe('E_SESSION_INVALID');
    const claims = await idTokenFor(sessionCookie(signedIn) ?? '');
    expect(claims).toMatchObject({
      sub: String(squatter.user.id),
      email_verified: true,
      password_allowed: false,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/id_token',
      cookies: { charter_session: early.cookie },
    });
    expect(res.json().code).toBe('E_SESSION_INVALID');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/credentials',
      headers: { authorization: basic(squatter.email, PASSWORD) },
    });
    expect(again.statusCode).toBe(401);
  });

  it('refuses an unverified email that belongs to an existing account, recording nothing', async () => {
    const existing = await createUser(t);
    const person = providerAccount({ email: existing.email, email_verified: false });
    const res = await signIn(person.login);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?oidc_error=email_unverified');
    expect(sessionCookie(res)).toBeUndefined();
    expect(
      await t.ctx.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, person.login)),
    ).toEqual([]);
  });

  it("refuses to create a user with another user's extra address, recording nothing", async () => {
    const owner = await createUser(t, { company: null });
    const extra = uniqueEmail('extra');
    await t.ctx.db
      .insert(authenticators)
      .values({ pubId: randomUUID(), userId: owner.user.id, value: extra, verifiedAt: new Date() });
    const person = providerAccount({ email: extra });
    const res = await signIn(person.login);
    expect(res.headers.location).toBe('/login?oidc_error=email_in_use');
    expect(sessionCookie(res)).toBeUndefined();
    expect(await usersWithEmail(extra)).toEqual([]);
  });

  it('creates an unverified user for an unverified email nobody has', async () => {
    const person = providerAccount({ email_verified: false });
    const claims = await idTokenFor(sessionCookie(await signIn(person.login)) ?? '');
    expect(claims).toMatchObject({ email: person.email, email_verified: false });
    expect((await userById(t, Number(claims.sub))).emailVerifiedAt).toBeNull();
  });

  it('rejects a tampered state, a forged cookie and a missing cookie', async () => {
    const person = providerAccount();
    const { location, state } = await startAuth();
    const path = await signInAtProvider(location, person.login);
    const tampered = new URL(path, 'http://localhost');
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const forged = `${state.value.slice(0, -4)}AAAA`;
    for (const res of [
      await callback(`${tampered.pathname}${tampered.search}`, state.value),
      await callback(path, forged),
      await callback(path),
    ]) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?oidc_error=state');
      expect(sessionCookie(res)).toBeUndefined();
    }
    expect(await usersWithEmail(person.email)).toEqual([]);
  });

  it('rejects a state cookie replayed with another sign-in', async () => {
    const person = providerAccount();
    const first = await startAuth();
    const second = await startAuth();
    const res = await callback(await signInAtProvider(second.location, person.login), first.state.value);
    expect(res.headers.location).toBe('/login?oidc_error=state');
  });

  it('reports a refusal at the provider', async () => {
    const person = providerAccount();
    const { location, state } = await startAuth();
    const res = await callback(await signInAtProvider(location, person.login, { abort: true }), state.value);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?oidc_error=denied');
  });
});
