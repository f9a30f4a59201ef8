import type { ResourceView } from '@charter/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resourceFeatures, resources, transactionResources } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { RESOURCE_IN_SUBMITTED_TASK } from './delete-resource.ts';
import { presentResource } from './presenters.ts';
import { findResource, isInSubmittedTask } from './scope.ts';

/**
 * PUT /api/account/resource/merge/{a}/{b}: connects draft `a` to existing `b`. b takes a's inputs where
 * both have one (overwritten, as the confirm says), every list naming a names b instead, and a is removed.
 */
export async function mergeResources(input: {
  tx: Tx;
  actor: MemberActor;
  draftId: number;
  targetId: number;
}): Promise<ResourceView> {
  const { tx, actor, draftId, targetId } = input;
  if (draftId === targetId) throw invalid({ resource_id: 'Pick a different entry to connect to.' });
  const draft = await findResource(tx, actor, draftId);
  const target = await findResource(tx, actor, targetId);
  if (draft.resourceTypeId !== target.resourceTypeId) {
    throw invalid({ resource_id: 'Entries of different kinds cannot be connected.' });
  }
  if (await isInSubmittedTask(tx, draftId)) throw new AppError('CONFLICT', RESOURCE_IN_SUBMITTED_TASK);
  await tx.execute(sql`
    insert into ${resourceFeatures} (resource_id, key, value)
    select ${targetId}, key, value from ${resourceFeatures} where resource_id = ${draftId}
    on conflict (resource_id, key) do update set value = excluded.value, updated_at = now()`);
  // Lists naming both keep the target where it was.
  await tx.execute(sql`
    delete from ${transactionResources} d using ${transactionResources} t
    where d.resource_id = ${draftId} and t.resource_id = ${targetId}
      and d.transaction_id = t.transaction_id and d.question_id = t.question_id`);
  await tx
    .update(transactionResources)
    .set({ resourceId: targetId })
    .where(eq(transactionResources.resourceId, draftId));
  await tx.delete(resources).where(eq(resources.id, draftId));
  return presentResource(target);
}
