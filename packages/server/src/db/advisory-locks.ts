import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * Every fixed PostgreSQL advisory lock key Charter takes, in one place so that no two can be the same
 * number by accident (keys are one namespace per database). Keys hashed from text (recipient budgets)
 * stay in 32 bits' hashtext range; these are chosen apart from each other, nothing more.
 */
export const ADVISORY_LOCKS = {
  /** Migrations, on a session of their own (db/client.ts). */
  migrations: 4_211_062_851_744_307_000n,
  /** The installation's seal, generated once (adapters/signing/seal-identity.ts). */
  sealIdentity: 0x5ea1,
  /** The first token signing key (adapters/tokens.ts). */
  signingKey: 0x5167,
  /** The one instance sweeping stored leftovers in a round (storage-sweep.ts). */
  storageSweep: 280_028,
} as const;

/**
 * Makes a row once for the whole installation: instances starting together on an empty database wait on
 * the lock, and each takes the row the first one wrote (`existing`) instead of writing its own.
 */
export function createOnce<T>(
  db: Db,
  key: number,
  existing: (tx: Tx) => Promise<T | undefined>,
  create: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
    return (await existing(tx)) ?? (await create(tx));
  });
}
