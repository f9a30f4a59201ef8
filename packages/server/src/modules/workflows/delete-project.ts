import { PROJECT_HAS_COMPLETED } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { findProject, hasCompletedGroups } from './scope.ts';

/** DELETE /api/account/project/{id}: refused once a task group is completed. */
export async function deleteProject({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  await findProject(tx, actor, id);
  if (await hasCompletedGroups(tx, id)) throw new AppError('CONFLICT', PROJECT_HAS_COMPLETED);
  await tx.delete(projects).where(eq(projects.id, id));
}
