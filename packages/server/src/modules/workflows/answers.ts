import {
  answersDocument,
  checkQuestionnaire,
  type QuestionnaireAnswers,
  type QuestionSpec,
  type ResourceEntry,
} from '@charter/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  flatFeatures,
  resourceFeatures,
  resources,
  transactionResources,
  transactions,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type StoredTemplate, type TransactionTemplate, transactionTemplateOf } from './catalog.ts';

/** A task group's answers: read, checked as the client checks them, and marked as changed. */

/** A listed resource with its answers, as the SQL below returns it. */
type Listed = {
  question_id: string;
  resource_id: number;
  name: string;
  is_draft: boolean;
  values: Record<string, string>;
};

/** A transaction's own answers as `[key, value]` pairs, selected beside whatever names the transaction. */
export const savedAnswersJson = (transactionId: AnyPgColumn | SQL) => sql<[string, string][]>`coalesce(
  (select json_agg(json_build_array(${flatFeatures.key}, ${flatFeatures.value}))
     from ${flatFeatures} where ${flatFeatures.transactionId} = ${transactionId}), '[]'::json)`;

/** The resources its lists name, in order, each with its own answers. */
export const listedResourcesJson = (transactionId: AnyPgColumn | SQL) => sql<Listed[]>`coalesce(
  (select json_agg(json_build_object(
            'question_id', ${transactionResources.questionId}, 'resource_id', ${resources.id},
            'name', ${resources.name}, 'is_draft', ${resources.isDraft},
            'values', (select coalesce(json_object_agg(${resourceFeatures.key}, ${resourceFeatures.value}), '{}'::json)
                         from ${resourceFeatures} where ${resourceFeatures.resourceId} = ${resources.id}))
          order by ${transactionResources.position})
     from ${transactionResources}
     join ${resources} on ${resources.id} = ${transactionResources.resourceId}
    where ${transactionResources.transactionId} = ${transactionId}), '[]'::json)`;

/**
 * A transaction's answers: its own flat features (a question's default stands until answered) and, for
 * each resource list, its resources with their features. The first field of a list is the resource's name.
 */
export function answersOf(
  template: TransactionTemplate,
  saved: readonly (readonly [string, string])[],
  listed: readonly Listed[],
): QuestionnaireAnswers {
  const values: Record<string, string> = {};
  for (const question of template.questions) {
    if (question.default !== undefined && !question.default.startsWith('{{'))
      values[question.id] = question.default;
  }
  for (const [key, value] of saved) values[key] = value;
  const lists: Record<string, ResourceEntry[]> = {};
  for (const question of template.questions) {
    if (question.type !== 'resource_list') continue;
    const nameField = question.fields?.[0]?.id;
    lists[question.id] = listed
      .filter((row) => row.question_id === question.id)
      .map((row) => ({
        resource_id: row.resource_id,
        resource_name: row.name,
        is_draft: row.is_draft,
        values: nameField ? { ...row.values, [nameField]: row.name } : row.values,
      }));
  }
  return { values, lists };
}

/** A transaction's answers (see answersOf), in one query. */
export async function loadAnswers(
  tx: Tx,
  transactionId: number,
  template: TransactionTemplate,
): Promise<QuestionnaireAnswers> {
  const id = sql`${transactionId}::integer`;
  const { rows } = await tx.execute<{ saved: [string, string][]; listed: Listed[] }>(
    sql`select ${savedAnswersJson(id)} as saved, ${listedResourcesJson(id)} as listed`,
  );
  return answersOf(template, rows[0].saved, rows[0].listed);
}

/** Runs the questionnaire check of the client on the stored answers; a 400 with its messages if it fails. */
export async function assertQuestionnaireValid(
  tx: Tx,
  transaction: typeof transactions.$inferSelect,
  template: StoredTemplate,
) {
  const transactionTemplate = transactionTemplateOf(template, transaction.templateKey);
  const questions = transactionTemplate.questions as QuestionSpec[];
  const answers = await loadAnswers(tx, transaction.id, transactionTemplate);
  const check = checkQuestionnaire(questions, answers, transactionTemplate.validators);
  if (check.messages.length > 0) {
    throw new AppError('VALIDATION_ERROR', check.messages.join('\n'), check.errors);
  }
  return answersDocument(questions, answers);
}

/** The form has been started; a change after Submit means it must be validated again. */
export async function markStarted(tx: Tx, transactionId: number, changed: boolean) {
  await tx
    .update(transactions)
    .set({
      isStarted: true,
      updatedAt: new Date(),
      ...(changed ? { validatedQuestionnaire: false } : {}),
    })
    .where(eq(transactions.id, transactionId));
}
