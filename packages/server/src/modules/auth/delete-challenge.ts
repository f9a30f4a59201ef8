import type { Db } from '../../db/client.ts';
import { findChallenge } from './find-challenge.ts';
import { consumeCode } from './one-time-codes.ts';

/** DELETE /api/authn/challenge/{id}: its code stops working; one already used is no error. */
export async function deleteChallenge({ db, id, receipt }: { db: Db; id: string; receipt: string }) {
  const row = await findChallenge(db, id, receipt);
  await db.transaction((tx) => consumeCode(tx, row.id)).catch(() => undefined);
}
