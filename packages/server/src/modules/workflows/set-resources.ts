import type { ResourceSelection, SetResourcesBody } from '@charter/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resources, transactionResources } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { markStarted } from './answers.ts';
import { findListQuestion } from './scope.ts';

type ResourceInput = { tx: Tx; actor: MemberActor; id: number };

/** PUT /api/account/transaction/{id}/set_resource: the question's list becomes exactly these resources. */
export async function setResources({
  tx,
  actor,
  id,
  input,
}: ResourceInput & { input: SetResourcesBody }): Promise<ResourceSelection> {
  const { transaction, question } = await findListQuestion(tx, actor, id, input.question_id);
  const ids = [...new Set(input.resource_ids)];
  if (!question.multi_entry && ids.length > 1)
    throw invalid({ resource_ids: 'Only one entry is allowed here.' });
  const found = ids.length
    ? await tx
        .select({ id: resources.id })
        .from(resources)
        .where(
          and(
            inArray(resources.id, ids),
            eq(resources.accountId, actor.accountId),
            eq(resources.resourceTypeId, question.resource_type ?? -1),
          ),
        )
    : [];
  if (found.length !== ids.length) throw notFound('Resource not found');
  await tx
    .delete(transactionResources)
    .where(
      and(
        eq(transactionResources.transactionId, transaction.id),
        eq(transactionResources.questionId, question.id),
      ),
    );
  if (ids.length) {
    await tx.insert(transactionResources).values(
      ids.map((resourceId, position) => ({
        transactionId: transaction.id,
        questionId: question.id,
        resourceId,
        position,
      })),
    );
  }
  await markStarted(tx, transaction.id, true);
  return { question_id: question.id, resource_ids: ids };
}
