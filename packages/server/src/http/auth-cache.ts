/**
 * Remembers, for a few seconds, what a token proved (its live session, user and membership), so a busy
 * client costs no database round trip per request. Any write through this process clears it at once
 * (see app.ts), so logout, password change or removal from a workspace take effect on the next request;
 * another instance sees them within TTL_MS.
 */
const TTL_MS = 5000;
const MAX_ENTRIES = 20_000;

/** What a token proved, and until when it may be believed (the token's own `exp`, in seconds). */
export type Proof<T> = { value: T; exp: number };

export type AuthCache<T> = {
  /**
   * The token's proof from the cache, else from `prove`. Concurrent requests with one token share a
   * single `prove` (100 connections of one client would otherwise all miss together when the entry
   * expires). A proof begun before a clear() is answered to its own callers but never kept, so no
   * request after a logout can be served from what the database said before it.
   */
  resolve(token: string, prove: () => Promise<Proof<T>>): Promise<T>;
  clear(): void;
};

export function createAuthCache<T>(): AuthCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
  const pending = new Map<string, Promise<T>>();
  let generation = 0;

  function remember(token: string, proof: Proof<T>) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(token, { value: proof.value, until: Math.min(Date.now() + TTL_MS, proof.exp * 1000) });
  }

  return {
    async resolve(token, prove) {
      const entry = entries.get(token);
      if (entry) {
        if (entry.until > Date.now()) return entry.value;
        entries.delete(token);
      }
      const shared = pending.get(token);
      if (shared) return shared;
      const started = generation;
      const proving = prove().then(
        (proof) => {
          if (pending.get(token) === proving) pending.delete(token);
          if (started === generation) remember(token, proof);
          return proof.value;
        },
        (error: unknown) => {
          if (pending.get(token) === proving) pending.delete(token);
          throw error;
        },
      );
      pending.set(token, proving);
      return proving;
    },
    clear() {
      generation++;
      entries.clear();
      pending.clear();
    },
  };
}
