import type { TodoView } from '@charter/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberships, projects, recommendations, transactions, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { shownMemberNames } from '../accounts/memberships.ts';
import { loadTemplates } from './catalog.ts';
import { visibleTodos } from './policies.ts';
import { presentTodo } from './presenters.ts';

/** The most to-dos one list answers with. */
export const TODO_LIST_LIMIT = 200;

/**
 * The to-dos of groups still open that `scope` selects (one or more workspaces, each with its policy),
 * newest first, presented, each with the workspace it belongs to. One query, plus the templates' modules.
 */
export async function queryTodos(
  tx: Tx,
  scope: SQL | undefined,
): Promise<(TodoView & { accountId: number })[]> {
  const rows = await tx
    .select({
      id: recommendations.id,
      accountId: recommendations.accountId,
      createdAt: recommendations.createdAt,
      transaction: {
        id: transactions.id,
        label: transactions.label,
        isStarted: transactions.isStarted,
        validatedQuestionnaire: transactions.validatedQuestionnaire,
      },
      project: { id: projects.id, label: projects.label, templateId: projects.templateId },
      // Named as the members list names them: no account's name before its member accepted.
      assignee: { id: users.id, email: users.email, ...shownMemberNames },
    })
    .from(recommendations)
    .innerJoin(transactions, eq(transactions.id, recommendations.transactionId))
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .leftJoin(users, eq(users.id, recommendations.assigneeId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.accountId, recommendations.accountId)),
    )
    .where(and(eq(transactions.open, true), scope))
    .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
    .limit(TODO_LIST_LIMIT);
  const templates = await loadTemplates(
    tx,
    rows.map((r) => r.project.templateId),
  );
  return rows.map((row) => ({
    ...presentTodo(row, templates.get(row.project.templateId)?.module_id ?? 2),
    accountId: row.accountId,
  }));
}

/** GET /api/account/recommendation: the workspace's to-dos of groups still open, newest first. */
export async function listTodos({ tx, actor }: { tx: Tx; actor: MemberActor }): Promise<TodoView[]> {
  const rows = await queryTodos(tx, and(eq(recommendations.accountId, actor.accountId), visibleTodos(actor)));
  return rows.map(({ accountId: _, ...todo }) => todo);
}
