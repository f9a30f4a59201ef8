import { type SavedAnswer, validateAnswer } from '@charter/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  flatFeatures,
  resourceFeatures,
  resources,
  transactionResources,
  transactions,
} from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import { readableFiles } from '../cabinet/policies.ts';
import { markStarted } from './answers.ts';
import type { TransactionTemplate } from './catalog.ts';
import { checkDocumentAnswer, type FileScope } from './document-answers.ts';
import { openTransactionForAnswers } from './scope.ts';

/** A group named by an answer keeps a list-sized label, whatever was typed. */
const NAMED_LABEL_MAX = 200;

export type SaveAnswerInput = {
  transaction_id: number;
  feature_type_id: string;
  resource_id?: number | null;
  value: string;
};

/**
 * POST /api/account/flat_feature: one answer, saved on blur. A plain question's answer belongs to the
 * transaction; a resource's field (resource_id set) belongs to the resource, wherever it is listed. The
 * value is checked by its field type (required-ness waits for Submit); a changed answer un-validates the form.
 */
export async function saveAnswer({
  tx,
  actor,
  input,
}: {
  tx: Tx;
  actor: MemberActor;
  input: SaveAnswerInput;
}): Promise<SavedAnswer> {
  const { transaction, template } = await openTransactionForAnswers(tx, actor, input.transaction_id);
  // A document answer names only a file the member may open (without the cabinet: task documents they
  // see), since whatever shows the answer (a shared report's file link) hands the file on.
  return saveAnswerTo({
    tx,
    transaction,
    template,
    accountId: actor.accountId,
    input,
    fileScope: () => readableFiles(actor),
  });
}

/**
 * Saves one answer to an open transaction already found and locked (by the member's route above, or by
 * an outside form's code): the same checks whoever types it.
 */
export async function saveAnswerTo({
  tx,
  transaction,
  template,
  accountId,
  input,
  fileScope,
}: {
  tx: Tx;
  transaction: { id: number };
  template: TransactionTemplate;
  accountId: number;
  input: SaveAnswerInput;
  /** Which files a document answer may name (default: any file of the workspace). */
  fileScope?: FileScope;
}): Promise<SavedAnswer> {
  const value = input.value.trim();
  let changed: boolean;
  if (input.resource_id) {
    const [listing] = await tx
      .select({ questionId: transactionResources.questionId })
      .from(transactionResources)
      .innerJoin(resources, eq(resources.id, transactionResources.resourceId))
      .where(
        and(
          eq(transactionResources.transactionId, transaction.id),
          eq(transactionResources.resourceId, input.resource_id),
          eq(resources.accountId, accountId),
        ),
      );
    if (!listing) throw notFound('Resource not found');
    const question = template.questions.find((q) => q.id === listing.questionId);
    const fields = question?.fields ?? [];
    const index = fields.findIndex((f) => f.id === input.feature_type_id);
    if (index < 0) throw notFound('Question not found');
    const field = fields[index];
    const key = `${listing.questionId}.${input.resource_id}.${field.id}`;
    checkValue(field, value, key);
    if (field.type === 'document') await checkDocumentAnswer(tx, accountId, value, key, fileScope);
    if (index === 0) {
      if (!value) throw invalid({ [field.id]: 'Field required' });
      const updated = await tx
        .update(resources)
        .set({ name: value, updatedAt: new Date() })
        .where(and(eq(resources.id, input.resource_id), sql`${resources.name} <> ${value}`))
        .returning({ id: resources.id });
      changed = updated.length > 0;
    } else {
      const saved = await tx
        .insert(resourceFeatures)
        .values({ resourceId: input.resource_id, key: field.id, value })
        .onConflictDoUpdate({
          target: [resourceFeatures.resourceId, resourceFeatures.key],
          set: { value, updatedAt: new Date() },
          setWhere: sql`${resourceFeatures.value} <> ${value}`,
        })
        .returning({ key: resourceFeatures.key });
      changed = saved.length > 0;
    }
  } else {
    const question = template.questions.find((q) => q.id === input.feature_type_id);
    if (!question || question.type === 'resource_list') throw notFound('Question not found');
    checkValue(question, value, question.id);
    if (question.type === 'document') await checkDocumentAnswer(tx, accountId, value, question.id, fileScope);
    const saved = await tx
      .insert(flatFeatures)
      .values({ transactionId: transaction.id, key: question.id, value })
      .onConflictDoUpdate({
        target: [flatFeatures.transactionId, flatFeatures.key],
        set: { value, updatedAt: new Date() },
        setWhere: sql`${flatFeatures.value} <> ${value}`,
      })
      .returning({ key: flatFeatures.key });
    changed = saved.length > 0;
    if (changed && value && question.id === template.label_from) {
      await tx
        .update(transactions)
        .set({ label: `${template.label}: ${value}`.slice(0, NAMED_LABEL_MAX) })
        .where(eq(transactions.id, transaction.id));
    }
  }
  await markStarted(tx, transaction.id, changed);
  return { transaction_id: transaction.id, feature_type_id: input.feature_type_id, value };
}

type FieldLike = {
  type: Parameters<typeof validateAnswer>[0];
  fixed: boolean;
  options?: string[];
  entity_type?: 'corporation' | 'llc' | 'lp';
  is_entity_formed?: boolean;
  party?: 'ours' | 'other';
};

function checkValue(field: FieldLike, value: string, key: string) {
  if (field.fixed) throw new AppError('FORBIDDEN', 'This answer is fixed and cannot be changed.');
  const message = validateAnswer(field.type, value, {
    required: false,
    options: field.options,
    entityType: field.entity_type,
    alreadyFormed: field.is_entity_formed,
    party: field.party,
  });
  if (message) throw invalid({ [key]: message });
}
