import {
  FEE_MESSAGES,
  type MessageResponse,
  TASK_MODE_TOASTS,
  type TaskAction,
  type TaskMode,
  type UpdateTaskBody,
} from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { taskEvents, tasks, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { billable } from '../billing-charges/product.ts';
import { taskTemplateOf, templateFor } from './catalog.ts';
import { GENERATE_JOB, reopenGeneration } from './generate-document.ts';
import { findTask, findTransaction } from './scope.ts';

const MODE_OF: Record<Exclude<TaskAction, 'enable' | 'retry'>, TaskMode> = {
  generate: 'Generate',
  upload: 'Upload',
  custom: 'Custom',
  skip: 'Skip',
};

/**
 * PUT /api/account/task/{id}: switch its mode (Generate, Upload, Custom, Skip; Enable brings a skipped
 * task back), its template variant, or the add-ons chosen with it. Only while the group is open; a new
 * variant on a validated form means the form must be submitted again.
 */
export async function updateTask({
  ctx,
  tx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  input: UpdateTaskBody;
}): Promise<MessageResponse> {
  const task = await findTask(tx, actor, id);
  const transaction = await findTransaction(tx, actor, task.transactionId, true);
  if (input.action === 'retry') return retryGeneration(ctx, tx, task);
  if (!transaction.open)
    throw new AppError('CONFLICT', 'This task has been submitted. Reopen it to change it.');
  const { transactionTemplate } = await templateFor(tx, transaction);
  const template = taskTemplateOf(transactionTemplate, task.templateKey);
  const now = new Date();
  if (input.template_variant_id !== undefined) {
    const variant = template.variants.find((v) => v.id === input.template_variant_id);
    if (!variant) throw invalid({ template_variant_id: 'An error has occurred updating task template.' });
    await tx.update(tasks).set({ templateVariantId: variant.id, updatedAt: now }).where(eq(tasks.id, id));
    if (transaction.validatedQuestionnaire && variant.id !== task.templateVariantId) {
      await tx
        .update(transactions)
        .set({ validatedQuestionnaire: false, updatedAt: now })
        .where(eq(transactions.id, transaction.id));
    }
    return { message: 'Task Template Updated.' };
  }
  if (input.addons !== undefined) return chooseAddons(tx, task, template, input.addons);
  if (!input.action) throw invalid({ action: 'Choose an action.' });
  const mode =
    input.action === 'enable'
      ? ((template.modes.find((m) => m !== 'Skip') ?? template.modes[0]) as TaskMode)
      : MODE_OF[input.action];
  if (!template.modes.includes(mode)) {
    throw invalid({ action: 'An error has occurred. if error persists, please contact support.' });
  }
  await tx.update(tasks).set({ mode, updatedAt: now }).where(eq(tasks.id, id));
  await tx.insert(taskEvents).values({
    taskId: id,
    label: input.action === 'enable' ? 'Process enabled' : `Process set to ${mode}`,
    icon: 'mode',
  });
  return { message: input.action === 'enable' ? TASK_MODE_TOASTS.Enable : TASK_MODE_TOASTS[mode] };
}

/**
 * The add-ons bought with the task: the whole chosen set (an add-on left out is declined). Offered only
 * with a task we carry out; each change is on the task's timeline. Pricing charges what is chosen here.
 */
async function chooseAddons(
  tx: Tx,
  task: typeof tasks.$inferSelect,
  template: ReturnType<typeof taskTemplateOf>,
  keys: readonly string[],
): Promise<MessageResponse> {
  const chosen = [...new Set(keys)];
  const offered = new Map(template.addons.map((addon) => [addon.key, addon.label]));
  if (chosen.some((key) => !offered.has(key))) throw invalid({ addons: FEE_MESSAGES.addonUnknown });
  if (chosen.length > 0 && !billable(task)) throw invalid({ addons: FEE_MESSAGES.addonNotBillable });
  const added = chosen.filter((key) => !task.chosenAddons.includes(key));
  const removed = task.chosenAddons.filter((key) => !chosen.includes(key));
  await tx.update(tasks).set({ chosenAddons: chosen, updatedAt: new Date() }).where(eq(tasks.id, task.id));
  const events = [
    ...added.map((key) => ({ taskId: task.id, label: `Add-on chosen: ${offered.get(key)}`, icon: 'addon' })),
    ...removed.map((key) => ({
      taskId: task.id,
      label: `Add-on declined: ${offered.get(key) ?? key}`,
      icon: 'addon',
    })),
  ];
  if (events.length > 0) await tx.insert(taskEvents).values(events);
  return { message: FEE_MESSAGES.addonsUpdated };
}

export const REQUESTED_ACTION = 'Requested action submitted.';

/** A task whose document failed to generate goes back to the queue. */
async function retryGeneration(
  ctx: AppContext,
  tx: Tx,
  task: typeof tasks.$inferSelect,
): Promise<MessageResponse> {
  if (!(await reopenGeneration(tx, task.id))) {
    throw new AppError('CONFLICT', 'Only a failed task can be retried.');
  }
  await ctx.jobs.enqueue(tx, GENERATE_JOB, { taskId: task.id });
  return { message: REQUESTED_ACTION };
}
