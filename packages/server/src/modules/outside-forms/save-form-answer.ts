import { ROOM_MESSAGES, type SavedAnswer } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transactionResources } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { saveAnswerTo } from '../workflows/save-answer.ts';
import { SUBMITTED_READ_ONLY } from '../workflows/scope.ts';
import { formFileScope } from './form-uploads.ts';
import { mayWrite } from './included.ts';
import { type FormRow, fillableFormByCode, formTask } from './scope.ts';

/** A form that still takes answers, with its task group locked; the form's code found it. */
export async function openFormForAnswers(tx: Tx, code: string) {
  const form = await fillableFormByCode(tx, code, true);
  if (form.state !== 'new') throw new AppError('CONFLICT', ROOM_MESSAGES.formCompleted);
  const task = await formTask(tx, form, true);
  if (!task.transaction.open) throw new AppError('CONFLICT', SUBMITTED_READ_ONLY);
  return { form, ...task };
}

/** The list question a resource is listed by in the form's task group (else not found). */
export async function listingOf(tx: Tx, form: FormRow, resourceId: number) {
  const [listing] = await tx
    .select({ questionId: transactionResources.questionId })
    .from(transactionResources)
    .where(
      and(
        eq(transactionResources.transactionId, form.transactionId),
        eq(transactionResources.resourceId, resourceId),
      ),
    );
  if (!listing) throw notFound('Resource not found');
  return listing.questionId;
}

/**
 * POST /api/unlisted/flat_feature: one answer typed into an outside form, checked as the questionnaire
 * checks it. Only the form's task group, and only its included questions, can be written.
 */
export async function saveFormAnswer({
  tx,
  input,
}: {
  tx: Tx;
  input: {
    access_code: string;
    transaction_id: number;
    feature_type_id: string;
    resource_id?: number | null;
    value: string;
  };
}): Promise<SavedAnswer> {
  const { form, transaction, transactionTemplate } = await openFormForAnswers(tx, input.access_code);
  if (input.transaction_id !== transaction.id) throw notFound('Task not found');
  const allowed = input.resource_id
    ? mayWrite(form.questionIds, await listingOf(tx, form, input.resource_id), input.feature_type_id)
    : mayWrite(form.questionIds, input.feature_type_id);
  if (!allowed) throw notFound('Question not found');
  return saveAnswerTo({
    tx,
    transaction,
    template: transactionTemplate,
    accountId: form.accountId,
    input,
    fileScope: formFileScope(form),
  });
}
