import { describe, expect, it } from 'vitest';
import { createAuthCache } from './auth-cache.ts';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** A proof the test settles by hand, counting how often it was asked for. */
function deferredProver(value: string) {
  let calls = 0;
  let settle: () => void = () => undefined;
  const prove = () => {
    calls++;
    return new Promise<{ value: string; exp: number }>((resolve) => {
      settle = () => resolve({ value, exp: inAnHour() });
    });
  };
  return { prove, settle: () => settle(), calls: () => calls };
}

describe('auth cache', () => {
  it('proves a token once for concurrent requests, then answers from memory', async () => {
    const cache = createAuthCache<string>();
    const prover = deferredProver('alice');
    const both = Promise.all([cache.resolve('t', prover.prove), cache.resolve('t', prover.prove)]);
    prover.settle();
    expect(await both).toEqual(['alice', 'alice']);
    expect(await cache.resolve('t', prover.prove)).toBe('alice');
    expect(prover.calls()).toBe(1);
  });

  it('never keeps a proof begun before a clear (a logout during the lookup)', async () => {
    const cache = createAuthCache<string>();
    const before = deferredProver('live session');
    const answer = cache.resolve('t', before.prove);
    cache.clear();
    before.settle();
    expect(await answer).toBe('live session');
    const after = deferredProver('revoked');
    const next = cache.resolve('t', after.prove);
    after.settle();
    expect(await next).toBe('revoked');
    expect(after.calls()).toBe(1);
  });

  it('does not share a lookup across a clear, nor remember a failure', async () => {
    const cache = createAuthCache<string>();
    const first = deferredProver('old');
    const pending = cache.resolve('t', first.prove);
    cache.clear();
    const second = deferredProver('new');
    const fresh = cache.resolve('t', second.prove);
    first.settle();
    second.settle();
    expect([await pending, await fresh]).toEqual(['old', 'new']);
    const failing = () => Promise.reject(new Error('session ended'));
    const other = createAuthCache<string>();
    await expect(other.resolve('u', failing)).rejects.toThrow('session ended');
    const retried = deferredProver('again');
    const again = other.resolve('u', retried.prove);
    retried.settle();
    expect(await again).toBe('again');
  });
});
