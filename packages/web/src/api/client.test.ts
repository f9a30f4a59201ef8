import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './client.ts';
import { isExpiring, needsRenewal } from './jwt.ts';
import { onSessionFailure } from './session-events.ts';
import { getStoredIdToken, isStoredAccessTokenFresh, setStoredIdToken } from './token-storage.ts';

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const jwt = (claims: object) => `${b64({ alg: 'ES256' })}.${b64(claims)}.sig`;
const json = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), { status });

type Call = { url: string; init: RequestInit };
let calls: Call[];

function mockFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return handler(url, init);
  });
}

const authHeader = (call: Call) => (call.init.headers as Record<string, string>).Authorization;

describe('token expiry', () => {
  it('treats a token as expired 600 s before exp', () => {
    expect(isExpiring(1000 + 601, 1000)).toBe(false);
    expect(isExpiring(1000 + 600, 1000)).toBe(true);
    expect(isExpiring(undefined, 1000)).toBe(true);
    expect(needsRenewal(jwt({ exp: now() + 3600 }))).toBe(false);
    expect(needsRenewal(jwt({ exp: now() + 300 }))).toBe(true);
  });

  it('keeps a stored access token fresh until 600 s before it expires', () => {
    const acquiredAtMS = 1_000_000;
    const stored = { accessToken: 't', accessTokenTTLMS: 900_000, acquiredAtMS };
    expect(isStoredAccessTokenFresh(stored, acquiredAtMS + 299_000)).toBe(true);
    expect(isStoredAccessTokenFresh(stored, acquiredAtMS + 300_000)).toBe(false);
  });
});

describe('apiFetch', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    onSessionFailure(null);
  });

  it('renews an id_token inside the early-expiry window before the call', async () => {
    const old = jwt({ sub: '1', exp: now() + 120 });
    const fresh = jwt({ sub: '1', exp: now() + 43_200 });
    setStoredIdToken(old);
    mockFetch((url) =>
      url === '/api/authn/session/id_token' ? json(200, { id_token: fresh }) : json(200, { ok: 1 }),
    );
    await apiFetch('/api/user/me');
    expect(calls.map((c) => c.url)).toEqual(['/api/authn/session/id_token', '/api/user/me']);
    expect(authHeader(calls[1])).toBe(`Bearer ${fresh}`);
    expect(getStoredIdToken()).toBe(fresh);
  });

  it('requests one access token per account and reuses it', async () => {
    setStoredIdToken(jwt({ sub: '1', exp: now() + 43_200 }));
    const access = jwt({ account_id: 7, exp: now() + 900 });
    mockFetch((url) =>
      url === '/api/authn/access_token' ? json(200, { access_token: access }) : json(200, {}),
    );
    await Promise.all([
      apiFetch('/api/account/me', { accountId: 7 }),
      apiFetch('/api/account/me', { accountId: 7 }),
    ]);
    await apiFetch('/api/account/me', { accountId: 7 });
    expect(calls.filter((c) => c.url === '/api/authn/access_token')).toHaveLength(1);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ account_id: 7 });
    expect(authHeader(calls.at(-1) as Call)).toBe(`Bearer ${access}`);
  });

  it('parses the error envelope and reports session failures', async () => {
    setStoredIdToken(jwt({ sub: '1', exp: now() + 43_200 }));
    const failures: string[] = [];
    onSessionFailure((error) => failures.push(error.code));
    mockFetch(() => json(401, { code: 'E_SESSION_INVALID', message: 'revoked', fields: { a: 'b' } }));
    const error = await apiFetch('/api/user/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'E_SESSION_INVALID',
      message: 'revoked',
      fields: { a: 'b' },
    });
    expect(failures).toEqual(['E_SESSION_INVALID']);
  });

  it('maps network failures to the spec message and encodes Basic credentials', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiFetch('/api/authn/session/credentials', {
      method: 'POST',
      auth: { basic: 'a@b.co:pässword' },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, message: 'There was a network error.' });
    const header = authHeader(calls[0]);
    expect(new TextDecoder().decode(Uint8Array.from(atob(header.slice(6)), (c) => c.charCodeAt(0)))).toBe(
      'a@b.co:pässword',
    );
  });
});
