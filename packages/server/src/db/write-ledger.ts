import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the request being served has already committed a write (or may have). A request that fails
 * for want of the database may answer "nothing was saved, retry" (503) only when this is false: a
 * route that committed one transaction and then lost the database must not be reported as failed.
 */
type Ledger = { wrote: boolean };

const ledgers = new AsyncLocalStorage<Ledger>();

/** Runs `fn` (the rest of a request) with a fresh ledger. */
export function withWriteLedger<T>(fn: () => T): T {
  return ledgers.run({ wrote: false }, fn);
}

/** A write of the current request committed, or was sent and may have. */
export function noteWrite(): void {
  const ledger = ledgers.getStore();
  if (ledger) ledger.wrote = true;
}

export function requestMayHaveWritten(): boolean {
  return ledgers.getStore()?.wrote ?? false;
}
