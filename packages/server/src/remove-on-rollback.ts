import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from './adapters/storage/storage.ts';
import type { Db } from './db/client.ts';
import { referencedKeys } from './storage-sweep.ts';

type Written = { storage: Storage; key: string };

/** The bytes stored during the transaction under way (its outermost level), if any. */
const writtenInTransaction = new AsyncLocalStorage<Written[]>();
const WRAPPED = Symbol('removes stored files on rollback');

/**
 * Bytes are stored before the row naming them (a crash then leaves an orphan, never a row without its
 * file). When the transaction that was to name them rolls back (a refused signature, a failed seal, a
 * conflict), this removes them at once rather than leaving them to the periodic sweep: the store is a
 * bucket as often as a disk, and both are cleaned the same way. A key is removed only once the database
 * confirms no row names it, so a COMMIT whose outcome was in doubt never loses a file it saved; when
 * the database cannot answer, the periodic sweep takes over (disk).
 *
 * Wraps `db.transaction` once per database (tests build several apps on one) and returns a store that
 * notes what each transaction wrote.
 */
export function removeFilesOnRollback(db: Db, storage: Storage, log: FastifyBaseLogger): Storage {
  const marked = db as Db & { [WRAPPED]?: true };
  if (!marked[WRAPPED]) {
    marked[WRAPPED] = true;
    const transaction = db.transaction.bind(db);
    db.transaction = (async (work, config) => {
      // Nested calls on `db` (not savepoints) join the outermost transaction's list.
      if (writtenInTransaction.getStore()) return transaction(work, config);
      const written: Written[] = [];
      try {
        return await writtenInTransaction.run(written, () => transaction(work, config));
      } catch (error) {
        if (written.length > 0) await removeUnreferenced(db, written, log);
        throw error;
      }
    }) as Db['transaction'];
  }
  const note = <T extends { key: string }>(stored: T) => {
    writtenInTransaction.getStore()?.push({ storage, key: stored.key });
    return stored;
  };
  return {
    ...storage,
    put: async (bytes) => note(await storage.put(bytes)),
    putFile: async (file, known) => note(await storage.putFile(file, known)),
  };
}

async function removeUnreferenced(db: Db, written: Written[], log: FastifyBaseLogger) {
  try {
    const kept = await referencedKeys(
      db,
      written.map((w) => w.key),
    );
    await Promise.all(written.filter((w) => !kept.has(w.key)).map((w) => w.storage.remove(w.key)));
  } catch (error) {
    log.warn(
      { err: error, keys: written.map((w) => w.key) },
      'files of a rolled-back transaction not removed',
    );
  }
}
