import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import {
  customDocuments,
  documentRecipients,
  documents,
  projects,
  recommendations,
  resources,
  tasks,
  transactionResources,
  transactions,
} from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { loadTemplate, transactionTemplateOf } from './catalog.ts';
import {
  canSeeProjectModule,
  visibleDocuments,
  visibleProjects,
  visibleTasks,
  visibleTodos,
  visibleTransactions,
} from './policies.ts';

/**
 * Workflow rows as the actor may see them: another workspace's row, or one the policy hides from a
 * restricted workspace, is simply not found. `lock` holds the row for the rest of the transaction.
 */

/** A project template of the library, unless the workspace's role hides its module. */
export async function findTemplate(tx: Tx, actor: MemberActor, id: string) {
  const template = await loadTemplate(tx, id);
  if (!canSeeProjectModule(actor, template.module_id)) throw notFound('Workflow template not found');
  return template;
}

export const findProject = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, projects, actor, id, { visible: visibleProjects(actor), what: 'Project not found' });

export const findTransaction = (tx: Tx, actor: MemberActor, id: number, lock = false) =>
  findOwned(tx, transactions, actor, id, {
    visible: visibleTransactions(actor),
    lock,
    what: 'Task not found',
  });

export const findTask = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, tasks, actor, id, { visible: visibleTasks(actor), what: 'Task not found' });

/** Resources (people, companies) are shared by every questionnaire of the workspace. */
export const findResource = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, resources, actor, id, { what: 'Resource not found' });

export const findTodo = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, recommendations, actor, id, { visible: visibleTodos(actor), what: 'To-do not found' });

export const findDocument = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, documents, actor, id, { visible: visibleDocuments(actor), what: 'Document not found' });

/** A document's row locked for the rest of the transaction (after the caller checked it may see it). */
export async function lockDocument(tx: Tx, id: number) {
  const [row] = await tx.select().from(documents).where(eq(documents.id, id)).for('update');
  return row;
}

/** A recipient, found through its document (which the actor must be able to see). */
export async function findRecipient(tx: Tx, actor: MemberActor, id: number) {
  const recipient = await findOwned(tx, documentRecipients, actor, id, { what: 'Recipient not found' });
  await findDocument(tx, actor, recipient.documentId);
  return recipient;
}

export const findCustomDocument = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, customDocuments, actor, id, { what: 'Custom document not found' });

export const SUBMITTED_READ_ONLY = 'This task has been submitted. Reopen it to change its answers.';

/** The transaction, locked, with its template; answers change only while it is open. */
export async function openTransactionForAnswers(tx: Tx, actor: MemberActor, transactionId: number) {
  const transaction = await findTransaction(tx, actor, transactionId, true);
  const [project] = await tx
    .select({ templateId: projects.templateId })
    .from(projects)
    .where(eq(projects.id, transaction.projectId));
  const template = transactionTemplateOf(await loadTemplate(tx, project.templateId), transaction.templateKey);
  if (!transaction.open) throw new AppError('CONFLICT', SUBMITTED_READ_ONLY);
  return { transaction, template };
}

/** The resource_list question of an open transaction that a resource is being added to. */
export async function findListQuestion(
  tx: Tx,
  actor: MemberActor,
  transactionId: number,
  questionId: string,
) {
  const { transaction, template } = await openTransactionForAnswers(tx, actor, transactionId);
  const question = template.questions.find((q) => q.id === questionId && q.type === 'resource_list');
  if (!question) throw notFound('Question not found');
  return { transaction, question };
}

/** A Custom-mode task of an open group: its custom document can change. */
export async function findCustomTask(tx: Tx, actor: MemberActor, taskId: number) {
  const task = await findTask(tx, actor, taskId);
  const transaction = await findTransaction(tx, actor, task.transactionId);
  if (task.mode !== 'Custom')
    throw new AppError('CONFLICT', 'Set this task to Custom before choosing its document.');
  if (!transaction.open)
    throw new AppError('CONFLICT', 'This task has been submitted. Reopen it to change it.');
  return task;
}

/** Whether any task group of the project is completed, hidden ones included (it then stays). */
export async function hasCompletedGroups(tx: Tx, projectId: number) {
  const [completed] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.projectId, projectId), eq(transactions.state, 'Completed')))
    .limit(1);
  return Boolean(completed);
}

/** Whether a submitted task group lists the resource (it then stays as it is). */
export async function isInSubmittedTask(tx: Tx, resourceId: number) {
  const [row] = await tx
    .select({ id: transactions.id })
    .from(transactionResources)
    .innerJoin(transactions, eq(transactions.id, transactionResources.transactionId))
    .where(and(eq(transactionResources.resourceId, resourceId), eq(transactions.open, false)))
    .limit(1);
  return Boolean(row);
}
