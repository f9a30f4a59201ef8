import { ASSIGNEE_UPDATED, TASK_ASSIGNED, TODO_DELETED } from '@charter/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { memberships, projects, recommendations, transactions, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { loadTemplates } from './catalog.ts';
import { visibleTodos } from './policies.ts';
import { findTemplate, findTransaction } from './scope.ts';

export const ASSIGNEE_NOT_MEMBER = 'Choose a member of this workspace.';

/** The workspace's members, as assignee options. */
export async function assigneeOptions(tx: Tx, accountId: number) {
  const rows = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, familyName: users.familyName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(users.firstName), asc(users.email));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: [row.firstName, row.familyName].filter(Boolean).join(' ') || row.email,
  }));
}

/** GET /api/account/recommendation/project_template/{id}: who a to-do of this workflow can go to. */
export async function assigneeOptionsFor(input: { tx: Tx; actor: MemberActor; templateId: string }) {
  await findTemplate(input.tx, input.actor, input.templateId);
  return assigneeOptions(input.tx, input.actor.accountId);
}

async function checkAssignee(tx: Tx, accountId: number, assigneeId: number | null) {
  if (assigneeId === null) return;
  const [member] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, assigneeId)));
  if (!member) throw invalid({ assignee_id: ASSIGNEE_NOT_MEMBER });
}

/** Every task group of a new project starts as a to-do of the workspace. */
export async function addTodos(tx: Tx, accountId: number, transactionIds: number[]) {
  if (transactionIds.length === 0) return;
  await tx
    .insert(recommendations)
    .values(transactionIds.map((transactionId) => ({ accountId, transactionId })))
    .onConflictDoNothing();
}

/** GET /api/account/recommendation: the to-dos of groups still open, newest first. */
export async function listTodos({ tx, actor }: { tx: Tx; actor: MemberActor }) {
  const rows = await tx
    .select({
      id: recommendations.id,
      createdAt: recommendations.createdAt,
      transactionId: transactions.id,
      label: transactions.label,
      isStarted: transactions.isStarted,
      validated: transactions.validatedQuestionnaire,
      projectId: projects.id,
      projectLabel: projects.label,
      templateId: projects.templateId,
      assigneeId: users.id,
      assigneeEmail: users.email,
      assigneeFirst: users.firstName,
      assigneeLast: users.familyName,
    })
    .from(recommendations)
    .innerJoin(transactions, eq(transactions.id, recommendations.transactionId))
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .leftJoin(users, eq(users.id, recommendations.assigneeId))
    .where(
      and(eq(recommendations.accountId, actor.accountId), eq(transactions.open, true), visibleTodos(actor)),
    )
    .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
    .limit(200);
  const templates = await loadTemplates(
    tx,
    rows.map((r) => r.templateId),
  );
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    transaction: {
      id: row.transactionId,
      label: row.label,
      status: row.validated ? 'In Progress' : row.isStarted ? 'Form Incomplete' : 'Not Started',
      project_id: row.projectId,
      project_label: row.projectLabel,
      project_template_id: row.templateId,
      module_id: templates.get(row.templateId)?.module_id ?? 2,
    },
    assignee:
      row.assigneeId === null
        ? null
        : {
            id: row.assigneeId,
            email: row.assigneeEmail,
            name: [row.assigneeFirst, row.assigneeLast].filter(Boolean).join(' ') || row.assigneeEmail,
          },
  }));
}

const findTodo = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, recommendations, actor, id, { visible: visibleTodos(actor), what: 'To-do not found' });

type TodoInput = { tx: Tx; actor: MemberActor; id: number };

/** PATCH /api/account/recommendation/{id}: a new assignee (or none). */
export async function updateTodo(input: TodoInput & { assigneeId: number | null }) {
  const { tx, actor, id, assigneeId } = input;
  await findTodo(tx, actor, id);
  await checkAssignee(tx, actor.accountId, assigneeId);
  await tx.update(recommendations).set({ assigneeId }).where(eq(recommendations.id, id));
  return { message: ASSIGNEE_UPDATED };
}

/** POST /api/account/transaction/{id}/assign: the group becomes (or stays) a to-do of the assignee. */
export async function assignTransaction(input: TodoInput & { assigneeId: number | null }) {
  const { tx, actor, assigneeId } = input;
  const transaction = await findTransaction(tx, actor, input.id);
  await checkAssignee(tx, actor.accountId, assigneeId);
  await tx
    .insert(recommendations)
    .values({ accountId: actor.accountId, transactionId: transaction.id, assigneeId })
    .onConflictDoUpdate({ target: recommendations.transactionId, set: { assigneeId } });
  return { message: TASK_ASSIGNED };
}

/** DELETE /api/account/recommendation/{id} */
export async function deleteTodo({ tx, actor, id }: TodoInput) {
  await findTodo(tx, actor, id);
  await tx.delete(recommendations).where(eq(recommendations.id, id));
  return { message: TODO_DELETED };
}
