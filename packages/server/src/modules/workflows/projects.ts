import { PROJECT_HAS_COMPLETED } from '@charter/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { loadTemplate } from './catalog.ts';
import { listCounsel } from './counsel.ts';
import { loadTransactionSummaries } from './load-views.ts';
import { projectAbilities } from './policies.ts';
import { findProject } from './scope.ts';

/** GET /api/account/project/{id}: the project, its template's public part and its task groups in order. */
export async function getProject({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  const project = await findProject(tx, actor, id);
  const template = await loadTemplate(tx, project.templateId);
  const views = await loadTransactionSummaries(tx, actor, { where: eq(transactions.projectId, id) });
  views.sort((a, b) => a.position - b.position);
  return {
    id: project.id,
    label: project.label,
    created_at: project.createdAt.toISOString(),
    template: {
      id: template.id,
      label: template.label,
      module_id: template.module_id,
      is_repeatable: template.is_repeatable,
      is_assessment: template.is_assessment,
      description: template.description,
      actions: [],
    },
    faqs: template.faqs,
    transactions: views.map((v) => ({ id: v.id, open: v.open })),
    groupedTransactions: views,
    counsel: await listCounsel(tx, id),
    rooms: [],
    attached_partners: [],
    abilities: projectAbilities({ hasCompletedGroups: await hasCompletedGroups(tx, id) }),
  };
}

/** PUT /api/account/project/{id}: an empty label keeps the old one (spec 2 §5). */
export async function renameProject(input: { tx: Tx; actor: MemberActor; id: number; label: string }) {
  const { tx, actor, id, label } = input;
  await findProject(tx, actor, id);
  const trimmed = label.trim();
  if (trimmed)
    await tx.update(projects).set({ label: trimmed, updatedAt: new Date() }).where(eq(projects.id, id));
}

/** Whether any task group of the project is completed, hidden ones included (it then stays). */
async function hasCompletedGroups(tx: Tx, projectId: number) {
  const [completed] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.projectId, projectId), eq(transactions.state, 'Completed')))
    .limit(1);
  return Boolean(completed);
}

/** DELETE /api/account/project/{id}: refused once a task group is completed. */
export async function deleteProject({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  await findProject(tx, actor, id);
  if (await hasCompletedGroups(tx, id)) throw new AppError('CONFLICT', PROJECT_HAS_COMPLETED);
  await tx.delete(projects).where(eq(projects.id, id));
}
