import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { loadAnswers, presentQuestionnaire } from './answers.ts';
import { findTransaction } from './scope.ts';
import { templateFor } from './submit-transaction.ts';

/** GET /api/account/transaction/{id}/questionnaire: the group's questions with their answers. */
export async function getQuestionnaire({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  const transaction = await findTransaction(tx, actor, id);
  const { template, transactionTemplate } = await templateFor(tx, transaction);
  const answers = await loadAnswers(tx, transaction.id, transactionTemplate);
  return {
    transaction_id: transaction.id,
    label: transaction.label,
    open: transaction.open,
    is_assessment: template.is_assessment,
    validated_questionnaire: transaction.validatedQuestionnaire,
    validators: transactionTemplate.validators,
    questions: presentQuestionnaire(transactionTemplate, answers),
  };
}
