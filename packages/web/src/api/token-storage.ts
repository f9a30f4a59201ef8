import { decodeJwt, isExpiring, nowSeconds } from './jwt.ts';

const ID_TOKENS_KEY = 'id_tokens';
const ACCESS_TOKENS_KEY = 'access_tokens';
const CURRENT_ACCOUNT_KEY = 'current_account_id';

/** The spec's storage token: valid while acquiredAtMS + accessTokenTTLMS is in the future. */
export type StoredAccessToken = { accessToken: string; accessTokenTTLMS: number; acquiredAtMS: number };

type Listener = () => void;
const listeners = new Set<Listener>();

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

/** Subscribes to token changes in this tab and in other tabs. */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ID_TOKENS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** `id_tokens` holds a list; the first entry is the current session's id_token. */
export function getStoredIdToken(): string | null {
  const tokens = readJson<unknown>(ID_TOKENS_KEY, []);
  return Array.isArray(tokens) && typeof tokens[0] === 'string' ? tokens[0] : null;
}

export function setStoredIdToken(token: string) {
  if (getStoredIdToken() === token) return;
  localStorage.setItem(ID_TOKENS_KEY, JSON.stringify([token]));
  notify();
}

export function toStoredAccessToken(accessToken: string, nowMs = Date.now()): StoredAccessToken {
  const exp = decodeJwt(accessToken)?.exp ?? 0;
  return { accessToken, accessTokenTTLMS: Math.max(0, exp * 1000 - nowMs), acquiredAtMS: nowMs };
}

/** Whether a stored access token can be used without renewal (600 s early expiry applies). */
export function isStoredAccessTokenFresh(stored: StoredAccessToken | undefined, nowMs = Date.now()): boolean {
  if (!stored) return false;
  const expSeconds = Math.floor((stored.acquiredAtMS + stored.accessTokenTTLMS) / 1000);
  return !isExpiring(expSeconds, Math.floor(nowMs / 1000));
}

export function getStoredAccessToken(accountId: number | string): StoredAccessToken | undefined {
  return readJson<Record<string, StoredAccessToken>>(ACCESS_TOKENS_KEY, {})[String(accountId)];
}

export function setStoredAccessToken(accountId: number | string, accessToken: string) {
  const all = readJson<Record<string, StoredAccessToken>>(ACCESS_TOKENS_KEY, {});
  all[String(accountId)] = toStoredAccessToken(accessToken);
  localStorage.setItem(ACCESS_TOKENS_KEY, JSON.stringify(all));
}

export function getCurrentAccountId(): number | null {
  const value = Number(localStorage.getItem(CURRENT_ACCOUNT_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function setCurrentAccountId(accountId: number | null) {
  if (accountId === null) localStorage.removeItem(CURRENT_ACCOUNT_KEY);
  else localStorage.setItem(CURRENT_ACCOUNT_KEY, String(accountId));
}

/** Clears every stored token (id and access) and the current account. */
export function clearStoredTokens() {
  const had = getStoredIdToken() !== null;
  localStorage.removeItem(ID_TOKENS_KEY);
  localStorage.removeItem(ACCESS_TOKENS_KEY);
  localStorage.removeItem(CURRENT_ACCOUNT_KEY);
  if (had) notify();
}

export function idTokenSecondsLeft(token: string, now = nowSeconds()): number {
  return (decodeJwt(token)?.exp ?? now) - now;
}
