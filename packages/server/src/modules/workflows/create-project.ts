import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  flatFeatures,
  projects,
  recommendations,
  taskEvents,
  tasks,
  transactions,
} from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { type TaskTemplate, type TransactionTemplate, WORKSPACE_NAME_DEFAULT } from './catalog.ts';
import { findTemplate } from './scope.ts';

/** Generate when the template allows it, else its first mode. */
const defaultMode = (task: TaskTemplate) => (task.modes.includes('Generate') ? 'Generate' : task.modes[0]);

/**
 * POST /api/account/project_template/{id}/create: a project with its task groups and tasks, in the
 * template's order. A template that is not repeatable gives back the workspace's existing project.
 */
export async function createProject(input: {
  tx: Tx;
  actor: MemberActor;
  templateId: string;
  label?: string;
}) {
  const { tx, actor, label } = input;
  const template = await findTemplate(tx, actor, input.templateId);
  const accountId = actor.accountId;
  if (!template.is_repeatable) {
    const [existing] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.accountId, accountId), eq(projects.templateId, template.id)))
      .orderBy(asc(projects.id))
      .limit(1);
    if (existing) return { projectId: existing.id, created: false };
  }
  const [project] = await tx
    .insert(projects)
    .values({
      accountId,
      templateId: template.id,
      label: label?.trim() || template.label,
      createdBy: actor.userId,
    })
    .returning({ id: projects.id });
  const transactionIds: number[] = [];
  for (const [position, transactionTemplate] of template.transactions.entries()) {
    const id = await addTaskGroup({
      tx,
      accountId,
      projectId: project.id,
      transactionTemplate,
      position,
      companyName: actor.account.companyName,
      // An assessment can always be restarted (Restart Assessment needs allow_reopen).
      allowReopen: template.is_assessment,
    });
    transactionIds.push(id);
  }
  await addTodos(tx, accountId, transactionIds);
  return { projectId: project.id, created: true };
}

/**
 * One task group of a project from its template, with its tasks (their first events) and the answers the
 * template prefills; returns its id. A project's creation adds each; a standing form adds one per visit.
 */
export async function addTaskGroup(input: {
  tx: Tx;
  accountId: number;
  projectId: number;
  transactionTemplate: TransactionTemplate;
  position: number;
  companyName: string;
  allowReopen: boolean;
}) {
  const { tx, accountId, transactionTemplate } = input;
  const [transaction] = await tx
    .insert(transactions)
    .values({
      accountId,
      projectId: input.projectId,
      templateKey: transactionTemplate.id,
      position: input.position,
      label: transactionTemplate.label,
      allowReopen: input.allowReopen,
    })
    .returning({ id: transactions.id });
  const prefilled = transactionTemplate.questions.filter((q) => q.default === WORKSPACE_NAME_DEFAULT);
  if (prefilled.length > 0) {
    await tx
      .insert(flatFeatures)
      .values(prefilled.map((q) => ({ transactionId: transaction.id, key: q.id, value: input.companyName })));
  }
  const created = await tx
    .insert(tasks)
    .values(
      transactionTemplate.tasks.map((task, index) => ({
        accountId,
        transactionId: transaction.id,
        templateKey: task.id,
        position: index,
        label: task.label,
        mode: defaultMode(task),
        templateVariantId: task.variants[0]?.id ?? null,
      })),
    )
    .returning({ id: tasks.id });
  if (created.length > 0) {
    await tx
      .insert(taskEvents)
      .values(created.map((task) => ({ taskId: task.id, label: 'Task created', icon: 'created' })));
  }
  return transaction.id;
}

/** Every task group of a new project starts as a to-do of the workspace. */
export async function addTodos(tx: Tx, accountId: number, transactionIds: number[]) {
  if (transactionIds.length === 0) return;
  await tx
    .insert(recommendations)
    .values(transactionIds.map((transactionId) => ({ accountId, transactionId })))
    .onConflictDoNothing();
}
