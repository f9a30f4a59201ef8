import { checkQuestionnaire, OUTSIDE_FORM_MESSAGES, ROOM_MESSAGES } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { outsideForms } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { notifyFormSubmitted } from '../notices/notify-form-submitted.ts';
import { loadAnswers } from '../workflows/answers.ts';
import { finalizeTransaction } from '../workflows/finalize-transaction.ts';
import { announceForm } from './announce-form.ts';
import { includedQuestions } from './included.ts';
import { fillableFormByCode, formActor, formTask } from './scope.ts';

/**
 * POST /api/public/outside_form/{code}/finalize: checks the form's questions as Submit does, marks the
 * form completed and, when the form says so, submits the task group as the form (the workflows finalize,
 * with the form as its actor). A group that cannot be submitted yet (questions outside the form missing,
 * earlier groups open) stays open for the workspace, inside a savepoint, and the form is completed anyway.
 */
export async function finalizeOutsideForm({ ctx, tx, code }: { ctx: AppContext; tx: Tx; code: string }) {
  const form = await fillableFormByCode(tx, code, true);
  if (form.state !== 'new') throw new AppError('CONFLICT', ROOM_MESSAGES.formCompleted);
  const { transaction, transactionTemplate } = await formTask(tx, form, true);
  const answers = await loadAnswers(tx, transaction.id, transactionTemplate);
  const check = checkQuestionnaire(includedQuestions(transactionTemplate, form.questionIds), answers);
  if (check.messages.length > 0) {
    throw new AppError('VALIDATION_ERROR', check.messages.join('\n'), check.errors);
  }
  const now = new Date();
  await tx
    .update(outsideForms)
    .set({ state: 'completed', completedAt: now })
    .where(eq(outsideForms.id, form.id));
  let taskFinalized = false;
  if (form.finalize && transaction.open) {
    try {
      await tx.transaction((savepoint) =>
        finalizeTransaction({ ctx, tx: savepoint, actor: formActor(form), id: transaction.id }),
      );
      taskFinalized = true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  const group = await announceForm(tx, form, `Shared form "${form.name}" was submitted.`);
  if (group) await notifyFormSubmitted({ ctx, tx, form, group });
  return {
    state: 'completed' as const,
    message: OUTSIDE_FORM_MESSAGES.submitted,
    task_finalized: taskFinalized,
  };
}
