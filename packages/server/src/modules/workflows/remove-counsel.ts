import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projectCounsel } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { findProject } from './scope.ts';

/** DELETE /api/account/project/{id}/counsel/{counselId} */
export async function removeCounsel(input: {
  tx: Tx;
  actor: MemberActor;
  projectId: number;
  counselId: number;
}) {
  const { tx, projectId, counselId } = input;
  await findProject(tx, input.actor, projectId);
  const removed = await tx
    .delete(projectCounsel)
    .where(and(eq(projectCounsel.id, counselId), eq(projectCounsel.projectId, projectId)))
    .returning({ id: projectCounsel.id });
  if (removed.length === 0) throw notFound('Role not found');
}
