import { SESSION_HINT_COOKIE } from '@charter/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createUser, PASSWORD } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the session hint the web app reads before asking for an id_token', () => {
  it('comes with the session cookie, readable by the page and as lasting, and goes with it at logout', async () => {
    const { email } = await createUser(t);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/authn/session/credentials',
      headers: { authorization: basic(email, PASSWORD) },
    });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.cookies.find((c) => c.name === 'charter_session');
    const hint = signIn.cookies.find((c) => c.name === SESSION_HINT_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, path: '/api' });
    // The page's script reads it on every path; it says only that a session may be there.
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.maxAge).toBe(session?.maxAge);

    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/authn/session',
      headers: { authorization: `Bearer ${signIn.json().id_token}` },
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.filter((c) => c.name === SESSION_HINT_COOKIE || c.name === 'charter_session');
    expect(cleared.map((c) => [c.name, c.path, c.value])).toEqual(
      expect.arrayContaining([
        ['charter_session', '/api', ''],
        [SESSION_HINT_COOKIE, '/', ''],
      ]),
    );
  });
});
