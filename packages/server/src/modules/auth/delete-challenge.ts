import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findChallenge } from './find-challenge.ts';
import { consumeCode } from './one-time-codes.ts';

/**
 * DELETE /api/authn/challenge/{id}: its code stops working; one already used is no error. Any other
 * failure (the database gone) is answered as such: a 204 must mean the code no longer works.
 */
export async function deleteChallenge({ db, id, receipt }: { db: Db; id: string; receipt: string }) {
  const row = await findChallenge(db, id, receipt);
  await db
    .transaction((tx) => consumeCode(tx, row.id))
    .catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'E_CODE_REDEEMED')) throw error;
    });
}
