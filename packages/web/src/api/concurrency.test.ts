import { describe, expect, it } from 'vitest';
import { createLimiter } from './concurrency.ts';

/** A task that waits until the test settles it, recording how many run at once. */
function gate() {
  const state = { running: 0, most: 0, started: [] as number[] };
  const pending = new Map<number, { resolve: (v: number) => void; reject: (e: Error) => void }>();
  const task = (id: number) => () =>
    new Promise<number>((resolve, reject) => {
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      state.started.push(id);
      pending.set(id, {
        resolve: (v) => {
          state.running -= 1;
          resolve(v);
        },
        reject: (e) => {
          state.running -= 1;
          reject(e);
        },
      });
    });
  return { state, pending, task };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLimiter', () => {
  it('runs at most 10 tasks at once and starts the next as each one ends, in order', async () => {
    const limit = createLimiter(10);
    const { state, pending, task } = gate();
    const results = Array.from({ length: 25 }, (_, i) => limit(task(i)));
    await tick();
    expect(state.started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    pending.get(3)?.resolve(3);
    await tick();
    expect(state.started).toHaveLength(11);
    expect(state.started[10]).toBe(10);
    for (let i = 0; i < 25; i++) {
      pending.get(i)?.resolve(i);
      await tick();
    }
    expect(await Promise.all(results)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(state.most).toBe(10);
  });

  it('frees a slot when a task fails, and passes the failure on', async () => {
    const limit = createLimiter(1);
    const { state, pending, task } = gate();
    const first = limit(task(1));
    const second = limit(task(2));
    await tick();
    expect(state.started).toEqual([1]);
    pending.get(1)?.reject(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    await tick();
    expect(state.started).toEqual([1, 2]);
    pending.get(2)?.resolve(2);
    expect(await second).toBe(2);
  });

  it('hands a freed slot to the first waiter, before any newcomer', async () => {
    const limit = createLimiter(2);
    const { state, pending, task } = gate();
    const all = [limit(task(1)), limit(task(2)), limit(task(3))];
    await tick();
    pending.get(1)?.resolve(1);
    all.push(limit(task(4)));
    await tick();
    expect(state.started).toEqual([1, 2, 3]);
    expect(state.most).toBe(2);
    for (const id of [2, 3, 4]) {
      pending.get(id)?.resolve(id);
      await tick();
    }
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4]);
    expect(state.most).toBe(2);
  });

  it('never waits while a slot is free', async () => {
    const limit = createLimiter(10);
    expect(await limit(async () => 'now')).toBe('now');
  });
});
