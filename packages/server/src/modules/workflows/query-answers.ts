import type { QuestionnaireAnswers } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { loadAnswers } from './answers.ts';
import { templateFor } from './catalog.ts';
import { findTransaction } from './scope.ts';

/** POST /api/account/flat_feature/query: a group's answers, by question id. */
export async function queryAnswers(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<QuestionnaireAnswers> {
  const { tx, actor, id } = input;
  const transaction = await findTransaction(tx, actor, id);
  const { transactionTemplate } = await templateFor(tx, transaction);
  return loadAnswers(tx, transaction.id, transactionTemplate);
}
