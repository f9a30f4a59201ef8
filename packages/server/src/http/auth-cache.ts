/**
 * Remembers, for a few seconds, what a token proved (its live session, user and membership), so a busy
 * client costs no database round trip per request. Any write through this process clears it at once
 * (see app.ts), so logout, password change or removal from a workspace take effect on the next request;
 * another instance sees them within TTL_MS.
 */
const TTL_MS = 5000;
const MAX_ENTRIES = 20_000;

export type AuthCache<T> = {
  get(token: string): T | undefined;
  set(token: string, value: T, tokenExpSeconds: number): void;
  clear(): void;
};

export function createAuthCache<T>(): AuthCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until <= Date.now()) {
        entries.delete(token);
        return undefined;
      }
      return entry.value;
    },
    set(token, value, tokenExpSeconds) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(token, { value, until: Math.min(Date.now() + TTL_MS, tokenExpSeconds * 1000) });
    },
    clear: () => entries.clear(),
  };
}
