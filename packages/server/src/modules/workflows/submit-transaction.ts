import { answersDocument, checkQuestionnaire, PRIOR_TASKS_PENDING, type QuestionSpec } from '@charter/domain';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { documents, projects, taskEvents, tasks, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { loadAnswers } from './answers.ts';
import { loadTemplate, type StoredTemplate, transactionTemplateOf } from './catalog.ts';
import { customDocumentProblem } from './custom-documents.ts';
import { deletable, reopenable } from './policies.ts';
import { findTransaction } from './scope.ts';

export const ALREADY_SUBMITTED = 'This task has already been submitted.';
export const FORM_NOT_VALIDATED = '- Fill out all required fields before continuing.';
export const GENERATE_JOB = 'generate-document';

type TransactionRow = typeof transactions.$inferSelect;
type GroupInput = { tx: Tx; actor: MemberActor; id: number };

export async function templateFor(tx: Tx, transaction: TransactionRow) {
  const [project] = await tx
    .select({ templateId: projects.templateId })
    .from(projects)
    .where(eq(projects.id, transaction.projectId));
  const template = await loadTemplate(tx, project.templateId);
  return { template, transactionTemplate: transactionTemplateOf(template, transaction.templateKey) };
}

/** Runs the questionnaire check of the client on the stored answers; a 400 with its messages if it fails. */
export async function assertQuestionnaireValid(
  tx: Tx,
  transaction: TransactionRow,
  template: StoredTemplate,
) {
  const transactionTemplate = transactionTemplateOf(template, transaction.templateKey);
  const questions = transactionTemplate.questions as QuestionSpec[];
  const answers = await loadAnswers(tx, transaction.id, transactionTemplate);
  const check = checkQuestionnaire(questions, answers, transactionTemplate.validators);
  if (check.messages.length > 0) {
    throw new AppError('VALIDATION_ERROR', check.messages.join('\n'), check.errors);
  }
  return answersDocument(questions, answers);
}

/** PUT /api/account/transaction/{id}: the label, and validated_questionnaire (checked here, not trusted). */
export async function updateTransaction({
  tx,
  actor,
  id,
  input,
}: GroupInput & { input: { label?: string; validated_questionnaire?: boolean } }) {
  const transaction = await findTransaction(tx, actor, id, true);
  const changes: Partial<TransactionRow> = { updatedAt: new Date() };
  if (input.label?.trim()) changes.label = input.label.trim();
  if (input.validated_questionnaire !== undefined) {
    if (!transaction.open) throw new AppError('CONFLICT', ALREADY_SUBMITTED);
    if (input.validated_questionnaire) {
      const { template } = await templateFor(tx, transaction);
      await assertQuestionnaireValid(tx, transaction, template);
      changes.isStarted = true;
    }
    changes.validatedQuestionnaire = input.validated_questionnaire;
  }
  await tx.update(transactions).set(changes).where(eq(transactions.id, id));
}

/**
 * POST /api/account/transaction/{id}/finalize: submits the task group. Prior groups of the project must
 * be submitted; the form must be validated (an assessment is validated here). The answers are frozen in
 * finalize_snapshot and each Generate task becomes a durable generation job.
 */
export async function finalizeTransaction({ ctx, tx, actor, id }: GroupInput & { ctx: AppContext }) {
  const transaction = await findTransaction(tx, actor, id, true);
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
  if (!template.is_assessment && !transaction.validatedQuestionnaire) {
    throw new AppError('VALIDATION_ERROR', FORM_NOT_VALIDATED);
  }
  const answers = await assertQuestionnaireValid(tx, transaction, template);
  const customProblem = await customDocumentProblem(tx, id);
  if (customProblem) throw new AppError('VALIDATION_ERROR', customProblem);
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
      await ctx.jobs.enqueue(tx, GENERATE_JOB, { taskId: task.id });
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

export const REOPEN_REFUSED = 'This task cannot be reopened. Please contact support.';
export const DELETE_REFUSED = 'This task cannot be deleted. Please contact support.';

/**
 * PATCH /api/account/transaction/{id}/reopen (spec 2 §4): only a submitted group, and only when all its
 * tasks are uploads, none of its other tasks is completed, or the group allows it.
 */
export async function reopenTransaction({ tx, actor, id }: GroupInput) {
  const transaction = await findTransaction(tx, actor, id, true);
  if (transaction.open) throw new AppError('CONFLICT', 'This task is already open.');
  const taskRows = await tx.select().from(tasks).where(eq(tasks.transactionId, id));
  if (!reopenable({ ...transaction, deleteLevel: 0, tasks: taskRows })) {
    throw new AppError('CONFLICT', REOPEN_REFUSED);
  }
  if (taskRows.some((t) => t.state === 'Processing')) {
    throw new AppError('CONFLICT', 'Documents are still being generated; try again in a minute.');
  }
  const now = new Date();
  await tx
    .update(transactions)
    .set({ open: true, state: 'Open', validatedQuestionnaire: false, updatedAt: now })
    .where(eq(transactions.id, id));
  for (const task of taskRows) {
    await tx
      .update(tasks)
      .set({ state: 'Incomplete', statusLabel: null, updatedAt: now })
      .where(eq(tasks.id, task.id));
    await tx.insert(taskEvents).values({ taskId: task.id, label: 'Task reopened', icon: 'reopened' });
  }
}

/** DELETE /api/account/transaction/{id}, by the template's delete_level (spec 2 §4). */
export async function deleteTransaction({ tx, actor, id }: GroupInput) {
  const transaction = await findTransaction(tx, actor, id, true);
  const { transactionTemplate } = await templateFor(tx, transaction);
  const taskRows = await tx
    .select({ mode: tasks.mode, state: tasks.state })
    .from(tasks)
    .where(eq(tasks.transactionId, id));
  if (!deletable({ ...transaction, deleteLevel: transactionTemplate.delete_level, tasks: taskRows })) {
    throw new AppError('CONFLICT', DELETE_REFUSED);
  }
  await tx.delete(transactions).where(eq(transactions.id, id));
}
