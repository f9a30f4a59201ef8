import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as passwords from '../src/adapters/passwords.ts';
import { basic, createUser, PASSWORD, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 5, authEmailAttempts: 10 });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = '10.0.0.1', device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authn/session/credentials',
    headers: { authorization: basic(email, password) },
    cookies: device ? { charter_device: device } : {},
    remoteAddress,
  });

/** The device cookie a successful sign-in leaves in the browser. */
const deviceCookie = (response: Awaited<ReturnType<typeof login>>) => {
  const cookie = response.cookies.find((c) => c.name === 'charter_device');
  if (!cookie) throw new Error('no device cookie');
  return cookie.value;
};

describe('rate limits on sign-in', () => {
  it('answers 429 with Retry-After after 5 calls a minute from one client', async () => {
    const { email } = await createUser(t);
    for (let i = 0; i < 5; i++)
      expect((await login(email, 'wrong password', '10.0.0.2')).statusCode).toBe(401);
    const limited = await login(email, PASSWORD, '10.0.0.2');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('limits one email attacked from many addresses, before any password hash', async () => {
    const { email } = await createUser(t);
    for (let i = 0; i < 10; i++)
      expect((await login(email, 'wrong password', `10.1.0.${i}`)).statusCode).toBe(401);
    const verify = vi.spyOn(passwords, 'verifyPassword');
    const someoneElse = await createUser(t);
    expect((await login(someoneElse.email, PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
    const limited = await login(email, PASSWORD, '10.1.1.2');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
  });

  it('counts failed guesses only: signing in with the password starts the budget again', async () => {
    const { email } = await createUser(t);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) {
        expect((await login(email, 'wrong password', `10.3.${round}.${i}`)).statusCode).toBe(401);
      }
      expect((await login(email, PASSWORD, `10.3.${round}.9`)).statusCode).toBe(200);
    }
  });
});

describe("a stranger's wrong passwords and the owner's known browser", () => {
  it('the owner still signs in from a browser that signed in before, while the stranger stays locked out', async () => {
    const { email } = await createUser(t);
    const owner = await login(email, PASSWORD, '10.4.0.1');
    expect(owner.statusCode).toBe(200);
    const ownerDevice = deviceCookie(owner);
    expect(owner.cookies.find((c) => c.name === 'charter_device')).toMatchObject({
      httpOnly: true,
      path: '/api/authn/session/credentials',
    });
    // Another account's device cookie, and a forged one, make a stranger no less a stranger.
    const strangerAccount = await createUser(t);
    const strangerDevice = deviceCookie(await login(strangerAccount.email, PASSWORD, '10.4.9.9'));
    for (let i = 0; i < 10; i++) {
      const device = i % 2 ? strangerDevice : `${ownerDevice.slice(0, -4)}AAAA`;
      expect((await login(email, 'wrong password', `10.4.1.${i}`, device)).statusCode).toBe(401);
    }
    const verify = vi.spyOn(passwords, 'verifyPassword');
    // Out of guesses: refused before any hash, even with the right password, from any unknown client.
    for (const device of [undefined, strangerDevice]) {
      const limited = await login(email, PASSWORD, '10.4.2.1', device);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
    }
    expect(verify).not.toHaveBeenCalled();
    // The owner's browser is not a stranger: it signs in, and keeps its cookie.
    const again = await login(email, PASSWORD, '10.4.0.2', ownerDevice);
    expect(again.statusCode).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
    // ... and that changes nothing for the stranger, who still cannot guess.
    expect((await login(email, 'another guess', '10.4.3.1')).statusCode).toBe(429);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
    expect((await login(email, PASSWORD, '10.4.0.3', deviceCookie(again))).statusCode).toBe(200);
  });

  it("a known browser's own wrong guesses lock that browser only", async () => {
    const { email } = await createUser(t);
    const laptop = deviceCookie(await login(email, PASSWORD, '10.5.0.1'));
    const phone = deviceCookie(await login(email, PASSWORD, '10.5.0.2'));
    expect(phone).not.toBe(laptop);
    for (let i = 0; i < 10; i++)
      expect((await login(email, 'wrong password', `10.5.1.${i}`, laptop)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, '10.5.2.1', laptop)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '10.5.2.2', phone)).statusCode).toBe(200);
    expect((await login(email, PASSWORD, '10.5.2.3')).statusCode).toBe(200);
  });
});

describe('the current-password check', () => {
  it('is limited per user, from any number of addresses, before any password hash', async () => {
    const me = await signedIn(t, { company: null });
    const change = (current: string, remoteAddress: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/settings/password',
        headers: { authorization: me.bearer },
        payload: { current_password: current, password: 'a brand new password' },
        remoteAddress,
      });
    for (let i = 0; i < 10; i++) {
      expect((await change('wrong password', `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const verify = vi.spyOn(passwords, 'verifyPassword');
    const limited = await change(PASSWORD, '10.2.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(verify).not.toHaveBeenCalled();
    verify.mockRestore();
  });
});
