import type { TodoView } from '@charter/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects, recommendations, transactions, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { loadTemplates } from './catalog.ts';
import { visibleTodos } from './policies.ts';
import { presentTodo } from './presenters.ts';

/** GET /api/account/recommendation: the to-dos of groups still open, newest first. */
export async function listTodos({ tx, actor }: { tx: Tx; actor: MemberActor }): Promise<TodoView[]> {
  const rows = await tx
    .select({
      id: recommendations.id,
      createdAt: recommendations.createdAt,
      transaction: {
        id: transactions.id,
        label: transactions.label,
        isStarted: transactions.isStarted,
        validatedQuestionnaire: transactions.validatedQuestionnaire,
      },
      project: { id: projects.id, label: projects.label, templateId: projects.templateId },
      assignee: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        familyName: users.familyName,
      },
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
    rows.map((r) => r.project.templateId),
  );
  return rows.map((row) => presentTodo(row, templates.get(row.project.templateId)?.module_id ?? 2));
}
