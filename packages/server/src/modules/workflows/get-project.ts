import type { ProjectView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { loadTemplate } from './catalog.ts';
import { loadCounsel } from './load-counsel.ts';
import { loadTransactionSummaries } from './load-views.ts';
import { projectAbilities } from './policies.ts';
import { presentProject } from './presenters.ts';
import { findProject, hasCompletedGroups } from './scope.ts';

/** GET /api/account/project/{id}: the project, its template's public part and its task groups in order. */
export async function getProject(input: { tx: Tx; actor: MemberActor; id: number }): Promise<ProjectView> {
  const { tx, actor, id } = input;
  const project = await findProject(tx, actor, id);
  const template = await loadTemplate(tx, project.templateId);
  const groups = await loadTransactionSummaries(tx, actor, { where: eq(transactions.projectId, id) });
  groups.sort((a, b) => a.position - b.position);
  return presentProject({
    project,
    template,
    groups,
    counsel: await loadCounsel(tx, id),
    abilities: projectAbilities({ hasCompletedGroups: await hasCompletedGroups(tx, id) }),
  });
}
