import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_WRITES_SEND_JSON, FOREIGN_ORIGIN } from '../src/http/request-guards.ts';
import { type SignedIn, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let me: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  me = await signedIn(t, { company: null });
});
afterAll(() => t.close());

const PUBLIC_ORIGIN = 'http://localhost:3000'; // the harness's PUBLIC_URL

/** A write signed in by the session cookie alone, as a browser sends it. */
const cookieWrite = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: string,
) => t.app.inject({ method, url, headers, payload, cookies: { charter_session: me.cookie } });

const profile = JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace' });
const json = { 'content-type': 'application/json' };

describe('writes signed in by the session cookie', () => {
  it('are refused from another origin, by Origin or, without it, by Sec-Fetch-Site', async () => {
    for (const headers of [
      { origin: 'https://evil.example', ...json },
      { origin: 'null', ...json },
      { 'sec-fetch-site': 'cross-site', ...json },
      { 'sec-fetch-site': 'same-site', ...json },
    ]) {
      const res = await cookieWrite('PUT', '/api/user/settings/profile', headers, profile);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ code: 'CSRF_REJECTED', message: FOREIGN_ORIGIN });
    }
    // Logging someone out from another site is refused too: the session still works.
    const logout = await cookieWrite('DELETE', '/api/authn/session', { origin: 'https://evil.example' });
    expect(logout.statusCode).toBe(403);
    const renewed = await cookieWrite('POST', '/api/authn/session/id_token', { origin: PUBLIC_ORIGIN });
    expect(renewed.statusCode).toBe(200);
  });

  it('are refused unless they send JSON (or nothing)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await cookieWrite(
        'PUT',
        '/api/user/settings/profile',
        { origin: PUBLIC_ORIGIN, 'content-type': type },
        profile,
      );
      expect(res.statusCode, type).toBe(403);
      expect(res.json()).toEqual({ code: 'CSRF_REJECTED', message: COOKIE_WRITES_SEND_JSON });
    }
  });

  it('pass from this site (PUBLIC_URL or the host asked, for brand hosts) and from non-browser clients', async () => {
    for (const headers of [
      { origin: PUBLIC_ORIGIN, ...json },
      { origin: 'http://partner.localhost', host: 'partner.localhost', ...json },
      { 'sec-fetch-site': 'same-origin', ...json },
      json,
    ]) {
      const res = await cookieWrite('PUT', '/api/user/settings/profile', headers, profile);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
    const bodiless = await cookieWrite('POST', '/api/authn/session/id_token', { origin: PUBLIC_ORIGIN });
    expect(bodiless.statusCode).toBe(200);
  });

  it('do not concern requests that carry their own Authorization header', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings/profile',
      headers: { authorization: me.bearer, origin: 'https://api-client.example', ...json },
      cookies: { charter_session: me.cookie },
      payload: profile,
    });
    expect(res.statusCode).toBe(200);
  });
});
