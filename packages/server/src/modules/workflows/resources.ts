import { and, asc, eq, ilike, inArray, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resourceFeatures, resources, transactionResources, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import { markStarted, openTransactionForAnswers } from './save-answer.ts';
import { findResource } from './scope.ts';

type ResourceRow = typeof resources.$inferSelect;
type ResourceInput = { tx: Tx; actor: MemberActor; id: number };

export const presentResource = (row: ResourceRow) => ({
  id: row.id,
  name: row.name,
  resource_type_id: row.resourceTypeId,
  is_draft: row.isDraft,
  created_at: row.createdAt.toISOString(),
});

const RESOURCE_IN_SUBMITTED_TASK = 'This entry is part of a submitted task and cannot be removed.';
export const NAME_REQUIRED = 'Field required';

/** The resource_list question of an open transaction that a resource is being added to. */
async function listQuestion(tx: Tx, actor: MemberActor, transactionId: number, questionId: string) {
  const { transaction, template } = await openTransactionForAnswers(tx, actor, transactionId);
  const question = template.questions.find((q) => q.id === questionId && q.type === 'resource_list');
  if (!question) throw notFound('Question not found');
  return { transaction, question };
}

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
  input: { name: string; resource_type_id?: number; transaction_id?: number; question_id?: string };
}) {
  const name = input.name.trim();
  if (!name) throw invalid({ name: NAME_REQUIRED });
  let resourceTypeId = input.resource_type_id;
  let target: { transactionId: number; questionId: string } | null = null;
  if (input.transaction_id && input.question_id) {
    const { transaction, question } = await listQuestion(tx, actor, input.transaction_id, input.question_id);
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

/** PUT /api/account/transaction/{id}/set_resource: the question's list becomes exactly these resources. */
export async function setResources({
  tx,
  actor,
  id,
  input,
}: ResourceInput & { input: { question_id: string; resource_ids: number[] } }) {
  const { transaction, question } = await listQuestion(tx, actor, id, input.question_id);
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

/** GET /api/account/resource/?resource_type_id=: the workspace's resources of a type, by name. */
export async function listResources({
  tx,
  actor,
  query,
}: {
  tx: Tx;
  actor: MemberActor;
  query: { resource_type_id?: number; search?: string; limit: number; offset: number };
}) {
  const rows = await tx
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.accountId, actor.accountId),
        query.resource_type_id === undefined
          ? undefined
          : eq(resources.resourceTypeId, query.resource_type_id),
        query.search ? ilike(resources.name, `%${query.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
      ),
    )
    .orderBy(asc(resources.name), asc(resources.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(presentResource);
}

export async function getResource({ tx, actor, id }: ResourceInput) {
  const row = await findResource(tx, actor, id);
  const features = await tx
    .select({ key: resourceFeatures.key, value: resourceFeatures.value })
    .from(resourceFeatures)
    .where(eq(resourceFeatures.resourceId, id))
    .orderBy(asc(resourceFeatures.key));
  return {
    ...presentResource(row),
    features: features.map((f) => ({ feature_type_id: f.key, value: f.value })),
  };
}

/** PATCH /api/account/resource/{id}: renames it everywhere (no record or generated document changes). */
export async function renameResource({ tx, actor, id, name }: ResourceInput & { name: string }) {
  await findResource(tx, actor, id);
  const trimmed = name.trim();
  if (!trimmed) throw invalid({ name: NAME_REQUIRED });
  const [row] = await tx
    .update(resources)
    .set({ name: trimmed, updatedAt: new Date() })
    .where(eq(resources.id, id))
    .returning();
  return presentResource(row);
}

async function isInSubmittedTask(tx: Tx, resourceId: number) {
  const [row] = await tx
    .select({ id: transactions.id })
    .from(transactionResources)
    .innerJoin(transactions, eq(transactions.id, transactionResources.transactionId))
    .where(and(eq(transactionResources.resourceId, resourceId), eq(transactions.open, false)))
    .limit(1);
  return Boolean(row);
}

/** DELETE /api/account/resource/{id}: refused while a submitted task lists it. */
export async function deleteResource({ tx, actor, id }: ResourceInput) {
  await findResource(tx, actor, id);
  if (await isInSubmittedTask(tx, id)) throw new AppError('CONFLICT', RESOURCE_IN_SUBMITTED_TASK);
  await tx.delete(resources).where(eq(resources.id, id));
}

/**
 * PUT /api/account/resource/merge/{a}/{b}: connects draft `a` to existing `b`. b takes a's inputs where
 * both have one (overwritten, as the confirm says), every list naming a names b instead, and a is removed.
 */
export async function mergeResources(input: {
  tx: Tx;
  actor: MemberActor;
  draftId: number;
  targetId: number;
}) {
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
