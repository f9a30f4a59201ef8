import { PRIOR_TASKS_PENDING } from '@charter/domain';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documents, taskEvents, tasks, transactions } from '../../db/schema/index.ts';
import type { FormActor, MemberActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { settleSubmission } from '../billing-charges/settle-submission.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { assertQuestionnaireValid } from './answers.ts';
import { templateFor } from './catalog.ts';
import { customDocumentProblem } from './custom-document-checks.ts';
import { GENERATE_JOB } from './generate-document.ts';
import { findTransaction } from './scope.ts';

export const ALREADY_SUBMITTED = 'This task has already been submitted.';
export const FORM_NOT_VALIDATED = '- Fill out all required fields before continuing.';

type GroupInput = { tx: Tx; actor: MemberActor | FormActor; id: number };

/**
 * What a group must be to be submitted (locked for the rest of the transaction): open, no prior group
 * open, its form validated (an assessment is validated here) and complete. Billing runs these first too,
 * before any money moves.
 */
export async function checkSubmittable({ tx, actor, id }: GroupInput) {
  const transaction =
    actor.kind === 'form' ? await formTransaction(tx, actor, id) : await findTransaction(tx, actor, id, true);
  if (!transaction.open) throw new AppError('CONFLICT', ALREADY_SUBMITTED);
  const [prior] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.projectId, transaction.projectId),
        lt(transactions.position, transaction.position),
        eq(transactions.open, true),
      ),
    )
    .limit(1);
  if (prior) throw new AppError('VALIDATION_ERROR', PRIOR_TASKS_PENDING);
  const { template } = await templateFor(tx, transaction);
  // An outside form's submission checked its questions as Submit does; the whole form is checked below.
  if (!template.is_assessment && !transaction.validatedQuestionnaire && actor.kind !== 'form') {
    throw new AppError('VALIDATION_ERROR', FORM_NOT_VALIDATED);
  }
  const answers = await assertQuestionnaireValid(tx, transaction, template);
  const customProblem = await customDocumentProblem(tx, id);
  if (customProblem) throw new AppError('VALIDATION_ERROR', customProblem);
  return { transaction, answers };
}

/**
 * POST /api/account/transaction/{id}/finalize: submits the task group. Prior groups of the project must
 * be submitted; the form must be validated (an assessment is validated here). Billing's part (credits,
 * covered fees, nothing left unpaid: modules/billing-charges) commits with it. The answers are frozen in
 * finalize_snapshot and each Generate task becomes a durable generation job.
 */
export async function finalizeTransaction({
  ctx,
  tx,
  actor,
  id,
  send = null,
}: GroupInput & { ctx: AppContext; send?: { brand: MailBrand } | null }) {
  const { transaction, answers } = await checkSubmittable({ tx, actor, id });
  await settleSubmission({ ctx, tx, transaction, userId: actor.kind === 'member' ? actor.userId : null });
  const now = new Date();
  const taskRows = await tx.select().from(tasks).where(eq(tasks.transactionId, id));
  let processing = false;
  const uploaded = new Set(
    (
      await tx
        .select({ taskId: documents.taskId })
        .from(documents)
        .where(and(eq(documents.transactionId, id), isNotNull(documents.fileId)))
    ).map((d) => d.taskId),
  );
  const stateOf = (task: (typeof taskRows)[number]) => {
    if (task.mode === 'Skip') return 'Skipped';
    if (task.mode === 'Generate' || task.mode === 'Custom') return 'Processing';
    // An uploaded document completes an Upload task; without one it waits for it.
    return task.mode === 'Upload' && uploaded.has(task.id) ? 'Completed' : 'Incomplete';
  };
  for (const task of taskRows) {
    const state = stateOf(task);
    const statusLabel = state === 'Incomplete' ? 'Awaiting Submission' : null;
    if (state === 'Processing') {
      processing = true;
      const autoSend = send && actor.kind === 'member' ? { by: actor.userId, brand: send.brand } : null;
      await ctx.jobs.enqueue(tx, GENERATE_JOB, { taskId: task.id, autoSend });
    }
    await tx.update(tasks).set({ state, statusLabel, updatedAt: now }).where(eq(tasks.id, task.id));
    await tx.insert(taskEvents).values({
      taskId: task.id,
      label: 'Task submitted',
      description: state === 'Processing' ? 'The document is being generated.' : '',
      icon: 'submitted',
    });
  }
  const allDone = taskRows.every((t) => ['Skipped', 'Completed'].includes(stateOf(t)));
  await tx
    .update(transactions)
    .set({
      open: false,
      state: allDone ? 'Completed' : 'Processing',
      validatedQuestionnaire: true,
      submissionDate: now,
      finalizeSnapshot: { ...answers, finalized_at: now.toISOString().slice(0, 10) },
      updatedAt: now,
    })
    .where(eq(transactions.id, id));
  if (processing) ctx.jobs.poke();
}

/** The one task group an outside form's code reaches, locked: the form names it, never the request. */
async function formTransaction(tx: Tx, actor: FormActor, id: number) {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.id, id),
        eq(transactions.id, actor.transactionId),
        eq(transactions.accountId, actor.accountId),
      ),
    )
    .for('update');
  if (!row) throw notFound('Task not found');
  return row;
}
