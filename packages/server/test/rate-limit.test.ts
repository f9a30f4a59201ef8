import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as passwords from '../src/adapters/passwords.ts';
import { basic, createUser, PASSWORD, signedIn } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 5, authEmailAttempts: 10 });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/authn/session/credentials',
    headers: { authorization: basic(email, password) },
    remoteAddress,
  });

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
