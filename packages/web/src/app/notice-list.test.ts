import { describe, expect, it } from 'vitest';
import { addNotice, NOTICE_MAX, type Notice, noticeDuration } from './notice-list.ts';

function fill(count: number): Notice[] {
  let list: Notice[] = [];
  for (let i = 0; i < count; i++) list = addNotice(list, { type: 'info', message: `m${i}` }, `id${i}`).list;
  return list;
}

describe('notice list', () => {
  it('does not repeat a message already shown', () => {
    const first = addNotice([], { type: 'error', message: 'Password is incorrect' }, 'a');
    const second = addNotice(first.list, { type: 'error', message: 'Password is incorrect' }, 'b');
    expect(second.added).toBeNull();
    expect(second.list.map((n) => n.id)).toEqual(['a']);
  });

  it(`keeps only the newest ${NOTICE_MAX}`, () => {
    const list = fill(12);
    expect(list).toHaveLength(NOTICE_MAX);
    expect(list[0].message).toBe('m3');
    expect(list.at(-1)?.message).toBe('m11');
  });

  it('drops the filtered cookie-session message', () => {
    const result = addNotice(
      [],
      { type: 'error', message: 'Missing or expired cookie session. Please login again.' },
      'x',
    );
    expect(result.added).toBeNull();
  });

  it('uses 7 s by default, 15 s for errors and warnings, 18 s with an error object', () => {
    expect(noticeDuration({ type: 'success', message: 'ok' })).toBe(7_000);
    expect(noticeDuration({ type: 'info', message: 'ok' })).toBe(7_000);
    expect(noticeDuration({ type: 'warning', message: 'w' })).toBe(15_000);
    expect(noticeDuration({ type: 'error', message: 'e' })).toBe(15_000);
    expect(noticeDuration({ type: 'info', message: 'e', error: new Error('x') })).toBe(18_000);
    expect(noticeDuration({ type: 'info', message: 'e', duration: 1 })).toBe(1);
  });
});
