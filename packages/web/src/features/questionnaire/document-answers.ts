import {
  DOCUMENT_UPLOAD_MESSAGES,
  type FieldSpec,
  type QuestionnaireAnswers,
  type ResourceEntry,
} from '@charter/domain';

type Question = { id: string; label: string; type: string; fields?: { id: string; type: string }[] };

/** The file ids the document answers name (plain questions and resource fields), for their names. */
export function documentFileIds(questions: readonly Question[], answers: QuestionnaireAnswers): number[] {
  const ids = new Set<number>();
  const add = (value: string | undefined) => {
    if (value && /^\d{1,9}$/.test(value)) ids.add(Number(value));
  };
  for (const question of questions) {
    if (question.type === 'document') add(answers.values[question.id]);
    for (const field of question.fields ?? []) {
      if (field.type !== 'document') continue;
      for (const entry of answers.lists[question.id] ?? []) add(entry.values[field.id]);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * Spec 2 §5: "File upload outside the form needs the related resource input filled first". A plain
 * document question waits for the questionnaire's related-resource question, when it has one.
 */
export function relatedBlock(questions: readonly Question[], values: Record<string, string>) {
  const related = questions.find((q) => q.type === 'related_resource');
  return related && !values[related.id]?.trim()
    ? DOCUMENT_UPLOAD_MESSAGES.relatedFirst(related.label)
    : undefined;
}

/** A resource's document field waits for the resource's name (its first field). */
export function resourceBlock(fields: readonly FieldSpec[], entry: ResourceEntry) {
  const first = fields[0];
  if (!first) return undefined;
  const name = entry.values[first.id] ?? entry.resource_name;
  return name?.trim() ? undefined : DOCUMENT_UPLOAD_MESSAGES.relatedFirst(first.label);
}
