import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resources } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { findResource, isInSubmittedTask } from './scope.ts';

export const RESOURCE_IN_SUBMITTED_TASK = 'This entry is part of a submitted task and cannot be removed.';

type ResourceInput = { tx: Tx; actor: MemberActor; id: number };

/** DELETE /api/account/resource/{id}: refused while a submitted task lists it. */
export async function deleteResource({ tx, actor, id }: ResourceInput) {
  await findResource(tx, actor, id);
  if (await isInSubmittedTask(tx, id)) throw new AppError('CONFLICT', RESOURCE_IN_SUBMITTED_TASK);
  await tx.delete(resources).where(eq(resources.id, id));
}
