import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY_LOGOUT_MS, nextExpiredReloadAttempt, useInactivityTimer } from './session-timers.ts';

describe('inactivity logout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('logs out after three hours without input, and input starts the three hours again', () => {
    const onIdle = vi.fn();
    renderHook(() => useInactivityTimer(true, onIdle));
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 60_000);
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(INACTIVITY_LOGOUT_MS).toBe(10_800_000);
  });

  it('does nothing while signed out', () => {
    const onIdle = vi.fn();
    renderHook(() => useInactivityTimer(false, onIdle));
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('reloads after an expired claim', () => {
  beforeEach(() => localStorage.clear());

  it('counts attempts 1 to 3, then stops reloading', () => {
    const now = Date.now();
    expect([1, 2, 3].map(() => nextExpiredReloadAttempt(now))).toEqual([1, 2, 3]);
    expect(nextExpiredReloadAttempt(now)).toBeNull();
  });

  it('starts counting again after a quiet while', () => {
    const now = Date.now();
    nextExpiredReloadAttempt(now);
    nextExpiredReloadAttempt(now);
    expect(nextExpiredReloadAttempt(now + 10 * 60_000)).toBe(1);
  });
});
