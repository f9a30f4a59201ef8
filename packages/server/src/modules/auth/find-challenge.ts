import { hashEquals } from '../../adapters/secrets.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { findCode } from './one-time-codes.ts';

/** A sign-in challenge, for whoever holds its receipt; anyone else gets 404, as if it did not exist. */
export async function findChallenge(tx: Tx, id: string, receipt: string | undefined) {
  const row = await findCode(tx, id);
  if (row?.purpose !== 'challenge') throw notFound('Challenge not found');
  if (receipt !== undefined && (!row.receiptHash || !hashEquals(row.receiptHash, receipt))) {
    throw notFound('Challenge not found');
  }
  return row;
}
