import { and, asc, count, eq, sql } from 'drizzle-orm';
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
  // A repeatable workflow started again is numbered ('Onboard an Employee 2'): lists tell them apart.
  const [siblings] = await tx
    .select({
      count: count(),
      numbered: sql<
        string[]
      >`coalesce(array_agg(${projects.label}) filter (where starts_with(${projects.label}, ${`${template.label} `})), '{}')`,
    })
    .from(projects)
    .where(and(eq(projects.accountId, accountId), eq(projects.templateId, template.id)));
  const [project] = await tx
    .insert(projects)
    .values({
      accountId,
      templateId: template.id,
      label: label?.trim() || numberedLabel(template.label, siblings.count, siblings.numbered),
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
  // The groups made from the same template's same group, in any project of the workspace (a repeated
  // workflow, a standing form's instances): the new one is numbered after them ('The hire 2').
  const [project] = await tx
    .select({ templateId: projects.templateId })
    .from(projects)
    .where(eq(projects.id, input.projectId));
  const base = transactionTemplate.label;
  const [siblings] = await tx
    .select({
      count: count(),
      numbered: sql<
        string[]
      >`coalesce(array_agg(${transactions.label}) filter (where starts_with(${transactions.label}, ${`${base} `})), '{}')`,
    })
    .from(transactions)
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .where(
      and(
        eq(transactions.accountId, accountId),
        eq(transactions.templateKey, transactionTemplate.id),
        eq(projects.templateId, project.templateId),
      ),
    );
  const [transaction] = await tx
    .insert(transactions)
    .values({
      accountId,
      projectId: input.projectId,
      templateKey: transactionTemplate.id,
      position: input.position,
      label: numberedLabel(base, siblings.count, siblings.numbered),
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

/**
 * The label of the next of its kind: the template's label for the first, then numbered by how many there
 * are ('The hire 2', 'The hire 3'), skipping a number still in use (after one was deleted). `numbered`:
 * the labels already in use that start with the base and a space.
 */
export function numberedLabel(base: string, existing: number, numbered: readonly string[]) {
  if (existing === 0) return base;
  const used = new Set(numbered);
  let n = existing + 1;
  while (used.has(`${base} ${n}`)) n += 1;
  return `${base} ${n}`;
}

/** Every task group of a new project starts as a to-do of the workspace. */
export async function addTodos(tx: Tx, accountId: number, transactionIds: number[]) {
  if (transactionIds.length === 0) return;
  await tx
    .insert(recommendations)
    .values(transactionIds.map((transactionId) => ({ accountId, transactionId })))
    .onConflictDoNothing();
}
