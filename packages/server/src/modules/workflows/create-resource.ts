import type { CreateResourceBody, ResourceView } from '@charter/domain';
import { and, eq, max } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resources, transactionResources } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { markStarted } from './answers.ts';
import { presentResource } from './presenters.ts';
import { findListQuestion } from './scope.ts';

export const NAME_REQUIRED = 'Field required';

/**
 * POST /api/account/resource: a new (draft) person, company or entity; with transaction_id and
 * question_id it is also added at the end of that question's list.
 */
export async function createResource({
  tx,
  actor,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  input: CreateResourceBody;
}): Promise<ResourceView> {
  const name = input.name.trim();
  if (!name) throw invalid({ name: NAME_REQUIRED });
  let resourceTypeId = input.resource_type_id;
  let target: { transactionId: number; questionId: string } | null = null;
  if (input.transaction_id && input.question_id) {
    const { transaction, question } = await findListQuestion(
      tx,
      actor,
      input.transaction_id,
      input.question_id,
    );
    resourceTypeId = question.resource_type ?? resourceTypeId;
    target = { transactionId: transaction.id, questionId: question.id };
  }
  if (resourceTypeId === undefined) throw invalid({ resource_type_id: 'Field required' });
  const [row] = await tx
    .insert(resources)
    .values({ accountId: actor.accountId, resourceTypeId, name, isDraft: true })
    .returning();
  if (target) await appendToList(tx, target.transactionId, target.questionId, row.id);
  return presentResource(row);
}

async function appendToList(tx: Tx, transactionId: number, questionId: string, resourceId: number) {
  const [last] = await tx
    .select({ position: max(transactionResources.position) })
    .from(transactionResources)
    .where(
      and(
        eq(transactionResources.transactionId, transactionId),
        eq(transactionResources.questionId, questionId),
      ),
    );
  await tx
    .insert(transactionResources)
    .values({ transactionId, questionId, resourceId, position: (last?.position ?? -1) + 1 })
    .onConflictDoNothing();
  await markStarted(tx, transactionId, true);
}
