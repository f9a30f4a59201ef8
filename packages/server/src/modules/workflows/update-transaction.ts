import type { UpdateTransactionBody } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { assertQuestionnaireValid } from './answers.ts';
import { templateFor } from './catalog.ts';
import { ALREADY_SUBMITTED } from './finalize-transaction.ts';
import { findTransaction } from './scope.ts';

/** PUT /api/account/transaction/{id}: the label, and validated_questionnaire (checked here, not trusted). */
export async function updateTransaction(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  input: UpdateTransactionBody;
}) {
  const { tx, actor, id } = input;
  const transaction = await findTransaction(tx, actor, id, true);
  const changes: Partial<typeof transactions.$inferSelect> = { updatedAt: new Date() };
  if (input.input.label?.trim()) changes.label = input.input.label.trim();
  const validated = input.input.validated_questionnaire;
  if (validated !== undefined) {
    if (!transaction.open) throw new AppError('CONFLICT', ALREADY_SUBMITTED);
    if (validated) {
      const { template } = await templateFor(tx, transaction);
      await assertQuestionnaireValid(tx, transaction, template);
      changes.isStarted = true;
    }
    changes.validatedQuestionnaire = validated;
  }
  await tx.update(transactions).set(changes).where(eq(transactions.id, id));
}
