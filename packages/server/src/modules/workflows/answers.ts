import type { QuestionnaireAnswers, QuestionSpec, ResourceEntry } from '@charter/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { flatFeatures, resourceFeatures, resources, transactionResources } from '../../db/schema/index.ts';
import type { TransactionTemplate } from './catalog.ts';

export const questionsOf = (template: TransactionTemplate) => template.questions as QuestionSpec[];

/**
 * A transaction's answers: its own flat features (a question's default stands until answered) and, for
 * each resource list, its resources with their features. The first field of a list is the resource's name.
 */
export async function loadAnswers(
  tx: Tx,
  transactionId: number,
  template: TransactionTemplate,
): Promise<QuestionnaireAnswers> {
  const saved = await tx
    .select({ key: flatFeatures.key, value: flatFeatures.value })
    .from(flatFeatures)
    .where(eq(flatFeatures.transactionId, transactionId));
  const values: Record<string, string> = {};
  for (const question of template.questions) {
    if (question.default !== undefined && !question.default.startsWith('{{'))
      values[question.id] = question.default;
  }
  for (const row of saved) values[row.key] = row.value;

  const listed = await tx
    .select({
      questionId: transactionResources.questionId,
      resourceId: resources.id,
      name: resources.name,
      isDraft: resources.isDraft,
    })
    .from(transactionResources)
    .innerJoin(resources, eq(resources.id, transactionResources.resourceId))
    .where(eq(transactionResources.transactionId, transactionId))
    .orderBy(asc(transactionResources.position));
  const features = listed.length
    ? await tx
        .select()
        .from(resourceFeatures)
        .where(
          inArray(
            resourceFeatures.resourceId,
            listed.map((r) => r.resourceId),
          ),
        )
    : [];
  const lists: Record<string, ResourceEntry[]> = {};
  for (const question of template.questions) {
    if (question.type !== 'resource_list') continue;
    const nameField = question.fields?.[0]?.id;
    lists[question.id] = listed
      .filter((row) => row.questionId === question.id)
      .map((row) => {
        const entryValues: Record<string, string> = {};
        for (const f of features) if (f.resourceId === row.resourceId) entryValues[f.key] = f.value;
        if (nameField) entryValues[nameField] = row.name;
        return {
          resource_id: row.resourceId,
          resource_name: row.name,
          is_draft: row.isDraft,
          values: entryValues,
        };
      });
  }
  return { values, lists };
}

/** The questionnaire as the form screen needs it: every question in order, with its answer. */
export function presentQuestionnaire(template: TransactionTemplate, answers: QuestionnaireAnswers) {
  return template.questions.map((question) => ({
    id: question.id,
    label: question.label,
    type: question.type,
    required: question.required,
    new_require: question.new_require,
    fixed: question.fixed,
    help: question.help,
    description: question.description,
    placeholder: question.placeholder,
    options: question.options,
    entity_type: question.entity_type,
    is_entity_formed: question.is_entity_formed,
    is_hidden: question.is_hidden,
    required_question_id: question.required_question_id,
    required_question_value: question.required_question_value,
    resource_type_id: question.resource_type ?? null,
    multi_entry: question.multi_entry,
    fields: question.fields,
    value: question.type === 'resource_list' ? null : (answers.values[question.id] ?? ''),
    resources: question.type === 'resource_list' ? (answers.lists[question.id] ?? []) : null,
  }));
}
