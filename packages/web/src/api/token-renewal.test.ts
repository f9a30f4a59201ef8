import { SESSION_HINT_COOKIE } from '@charter/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recoverIdTokenFromCookie } from './token-renewal.ts';
import { getStoredIdToken } from './token-storage.ts';

/** Sets or (with Expires in the past) removes a cookie of the page, as the server's Set-Cookie would. */
const setCookie = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie.
  document.cookie = value;
};
const clearCookies = () => {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0].trim();
    if (name) setCookie(`${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`);
  }
};

describe('the session probe of a page opened without an id_token', () => {
  let urls: string[];
  const answer = (status: number, body: unknown) => {
    urls = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(body), { status });
    });
  };
  beforeEach(() => {
    localStorage.clear();
    clearCookies();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearCookies();
  });

  it('asks nothing when the server left no hint of a session: a visitor logs no 401', async () => {
    answer(401, { code: 'UNAUTHORIZED', message: 'No session' });
    expect(await recoverIdTokenFromCookie()).toBeNull();
    expect(urls).toEqual([]);
  });

  it('swaps the session cookie for an id_token when the hint is there', async () => {
    setCookie(`${SESSION_HINT_COOKIE}=1; Path=/`);
    answer(200, { id_token: 'header.payload.sig' });
    expect(await recoverIdTokenFromCookie()).toBe('header.payload.sig');
    expect(urls).toEqual(['/api/authn/session/id_token']);
    expect(getStoredIdToken()).toBe('header.payload.sig');
  });

  it('drops a hint the server refuses (the session ended elsewhere), so the next page asks nothing', async () => {
    setCookie(`${SESSION_HINT_COOKIE}=1; Path=/`);
    answer(401, { code: 'UNAUTHORIZED', message: 'Session ended' });
    expect(await recoverIdTokenFromCookie()).toBeNull();
    expect(document.cookie).not.toContain(`${SESSION_HINT_COOKIE}=1`);
    expect(await recoverIdTokenFromCookie()).toBeNull();
    expect(urls).toEqual(['/api/authn/session/id_token']);
  });
});
