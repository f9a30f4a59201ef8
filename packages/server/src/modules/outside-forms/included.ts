import { includedFieldId, type QuestionSpec } from '@charter/domain';
import { invalid } from '../../http/errors.ts';
import type { TransactionTemplate } from '../workflows/catalog.ts';

/**
 * Which questions an outside form shows. A plain question is included by its id; a resource list by its
 * id (with all its fields) or by `list.field` (that field, and the list's first field, its name).
 */
export function includedQuestionIds(template: TransactionTemplate, requested: readonly string[]): string[] {
  const wanted = new Set(requested);
  const included: string[] = [];
  const unknown = requested.filter((id) => {
    const [questionId, fieldId] = id.split('.', 2);
    const question = template.questions.find((q) => q.id === questionId);
    if (!question) return true;
    if (fieldId === undefined) return false;
    return question.type !== 'resource_list' || !question.fields?.some((f) => f.id === fieldId);
  });
  if (unknown.length > 0) throw invalid({ features: `Unknown question: ${unknown[0]}` });
  for (const question of template.questions) {
    if (question.type !== 'resource_list') {
      if (wanted.has(question.id)) included.push(question.id);
      continue;
    }
    const fields = question.fields ?? [];
    const whole = wanted.has(question.id);
    const picked = fields.filter((f) => whole || wanted.has(includedFieldId(question.id, f.id)));
    if (picked.length === 0) continue;
    included.push(question.id);
    // The first field is the resource's name: a list shows it whenever it shows any field.
    const named = picked[0] === fields[0] ? picked : [fields[0], ...picked];
    for (const field of named) included.push(includedFieldId(question.id, field.id));
  }
  return included;
}

/** The template's questions as the form shows them: only the included ones and their included fields. */
export function includedQuestions(template: TransactionTemplate, ids: readonly string[]): QuestionSpec[] {
  const set = new Set(ids);
  return (template.questions as QuestionSpec[])
    .filter((q) => set.has(q.id))
    .map((q) =>
      q.type === 'resource_list'
        ? { ...q, fields: (q.fields ?? []).filter((f) => set.has(includedFieldId(q.id, f.id))) }
        : q,
    );
}

/** Whether the form lets the filler write this answer (a plain question, or a field of an included list). */
export function mayWrite(ids: readonly string[], questionId: string, fieldId?: string) {
  return fieldId === undefined
    ? ids.includes(questionId)
    : ids.includes(includedFieldId(questionId, fieldId));
}
