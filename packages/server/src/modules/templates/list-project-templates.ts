import type { ProjectTemplateView } from '@charter/domain';
import { asc } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projectTemplates } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { visibleTemplates } from '../workflows/policies.ts';
import { presentProjectTemplate } from './presenters.ts';

/** GET /api/account/project_template: the library's workflows the workspace may start, by area. */
export async function listProjectTemplates(input: {
  tx: Tx;
  actor: MemberActor;
}): Promise<ProjectTemplateView[]> {
  const rows = await input.tx
    .select()
    .from(projectTemplates)
    .where(visibleTemplates(input.actor))
    .orderBy(asc(projectTemplates.area), asc(projectTemplates.label));
  return rows.map(presentProjectTemplate);
}
