import { includedFieldId, type QuestionView } from '@charter/domain';

/**
 * The include checkboxes of sharing mode (spec 2 §5): every question starts selected; a question's
 * dependents (questions shown by its answer) follow its selection; a resource list's fields are chosen one
 * by one, and a list with any field chosen keeps its first field (the resource's name).
 */
export function initialSelection(questions: readonly QuestionView[]): Set<string> {
  const selected = new Set<string>();
  for (const question of questions) {
    selected.add(question.id);
    for (const field of question.fields ?? []) selected.add(includedFieldId(question.id, field.id));
  }
  return selected;
}

function dependentsOf(
  questions: readonly QuestionView[],
  id: string,
  found = new Set<string>(),
): Set<string> {
  for (const question of questions) {
    if (question.required_question_id === id && !found.has(question.id)) {
      found.add(question.id);
      dependentsOf(questions, question.id, found);
    }
  }
  return found;
}

/** The selection after one checkbox changed: `id` is a question id or `list.field`. */
export function toggleSelection(
  questions: readonly QuestionView[],
  current: ReadonlySet<string>,
  id: string,
  checked: boolean,
): Set<string> {
  const next = new Set(current);
  const set = (key: string) => (checked ? next.add(key) : next.delete(key));
  const [questionId, fieldId] = id.split('.', 2);
  const question = questions.find((q) => q.id === questionId);
  if (!question) return next;
  const fields = question.fields ?? [];
  if (question.type === 'resource_list' && fieldId === undefined) {
    set(question.id);
    for (const field of fields) set(includedFieldId(question.id, field.id));
  } else if (question.type === 'resource_list') {
    set(id);
    const any = fields.some((f) => next.has(includedFieldId(question.id, f.id)));
    if (any) {
      next.add(question.id);
      if (fields[0]) next.add(includedFieldId(question.id, fields[0].id));
    } else {
      next.delete(question.id);
    }
  } else {
    set(question.id);
  }
  if (fieldId === undefined) {
    for (const dependent of dependentsOf(questions, question.id)) {
      const child = questions.find((q) => q.id === dependent);
      if (checked) next.add(dependent);
      else next.delete(dependent);
      for (const field of child?.fields ?? []) {
        if (checked) next.add(includedFieldId(dependent, field.id));
        else next.delete(includedFieldId(dependent, field.id));
      }
    }
  }
  return next;
}

/** What POST …/outside takes: a list whole when all its fields are chosen, else its chosen fields. */
export function selectedFeatures(questions: readonly QuestionView[], selected: ReadonlySet<string>) {
  const features: { feature_type_id: string }[] = [];
  for (const question of questions) {
    if (!selected.has(question.id)) continue;
    if (question.type !== 'resource_list') {
      features.push({ feature_type_id: question.id });
      continue;
    }
    const fields = question.fields ?? [];
    const chosen = fields.filter((f) => selected.has(includedFieldId(question.id, f.id)));
    if (chosen.length === fields.length) features.push({ feature_type_id: question.id });
    else for (const f of chosen) features.push({ feature_type_id: includedFieldId(question.id, f.id) });
  }
  return features;
}
