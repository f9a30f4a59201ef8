import { INACTIVITY_LOGOUT_MS } from '@charter/domain';
import { useEffect } from 'react';
import { TOKEN_EARLY_EXPIRY_SECONDS } from '../api/jwt.ts';
import { idTokenSecondsLeft } from '../api/token-storage.ts';

/** Three hours without input logs the user out (spec §4: 10,800,000 ms). */
export { INACTIVITY_LOGOUT_MS };
export const EXPIRED_RELOAD_MAX = 3;
const RELOAD_KEY = 'expired_claim_reloads';
const RELOAD_WINDOW_MS = 5 * 60_000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/** Calls `onIdle` after INACTIVITY_LOGOUT_MS without user input while `enabled`. */
export function useInactivityTimer(enabled: boolean, onIdle: () => void, timeoutMs = INACTIVITY_LOGOUT_MS) {
  useEffect(() => {
    if (!enabled) return;
    let timer = window.setTimeout(onIdle, timeoutMs);
    let lastReset = Date.now();
    const reset = () => {
      const now = Date.now();
      if (now - lastReset < 1000) return;
      lastReset = now;
      window.clearTimeout(timer);
      timer = window.setTimeout(onIdle, timeoutMs);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, reset, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, reset);
    };
  }, [enabled, onIdle, timeoutMs]);
}

/** Renews the id_token shortly before it enters the 600 s early-expiry window, even when the page is idle. */
export function useIdTokenRenewal(idToken: string | null, renew: () => void) {
  useEffect(() => {
    if (!idToken) return;
    const seconds = Math.max(5, idTokenSecondsLeft(idToken) - TOKEN_EARLY_EXPIRY_SECONDS + 1);
    const timer = window.setTimeout(renew, Math.min(seconds * 1000, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [idToken, renew]);
}

/**
 * Counts automatic reloads after an expired claim (kept in localStorage so it survives the reload).
 * Returns the attempt number, or null once EXPIRED_RELOAD_MAX attempts were made recently.
 */
export function nextExpiredReloadAttempt(nowMs = Date.now()): number | null {
  let state = { count: 0, at: 0 };
  try {
    state = { ...state, ...JSON.parse(localStorage.getItem(RELOAD_KEY) ?? '{}') };
  } catch {
    // a corrupt counter starts again from zero
  }
  const count = nowMs - state.at > RELOAD_WINDOW_MS ? 0 : state.count;
  if (count >= EXPIRED_RELOAD_MAX) {
    localStorage.removeItem(RELOAD_KEY);
    return null;
  }
  localStorage.setItem(RELOAD_KEY, JSON.stringify({ count: count + 1, at: nowMs }));
  return count + 1;
}

/** Logout flags the cached LP portal data to refresh (spec §4). */
export function flagLpPortalRefresh() {
  const raw = localStorage.getItem('lpPortalData');
  if (!raw) return;
  try {
    localStorage.setItem('lpPortalData', JSON.stringify({ ...JSON.parse(raw), refresh: true }));
  } catch {
    localStorage.removeItem('lpPortalData');
  }
}
