import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { loadAnswers } from './answers.ts';
import { findTransaction } from './scope.ts';
import { templateFor } from './submit-transaction.ts';

/** POST /api/account/flat_feature/query: a group's answers, by question id. */
export async function queryAnswers({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  const transaction = await findTransaction(tx, actor, id);
  const { transactionTemplate } = await templateFor(tx, transaction);
  return loadAnswers(tx, transaction.id, transactionTemplate);
}
