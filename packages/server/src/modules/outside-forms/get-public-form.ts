import { documentAnswerId, isQuestionShown, type PublicOutsideForm, ROOM_MESSAGES } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MailBrand } from '../brand/mail-brand.ts';
import { loadAnswers } from '../workflows/answers.ts';
import { presentQuestionnaire } from '../workflows/presenters.ts';
import { formFileNames } from './form-uploads.ts';
import { includedQuestions } from './included.ts';
import { type FormRow, fillableFormByCode, formTask } from './scope.ts';

/**
 * GET /api/public/outside_form/{code}: the form with ONLY its included questions and their answers so
 * far (so a reload resumes). A completed form shows the spec's message and nothing of the answers.
 */
export async function getPublicForm({
  tx,
  code,
  brand,
}: {
  tx: Tx;
  code: string;
  brand: MailBrand;
}): Promise<PublicOutsideForm> {
  const form = await fillableFormByCode(tx, code);
  const { transaction, template, transactionTemplate } = await formTask(tx, form);
  const base = {
    name: form.name,
    description: form.description,
    brand: { name: brand.name },
    banner: ROOM_MESSAGES.doNotShare,
    transaction_id: transaction.id,
    label: transaction.label,
    finalize: form.finalize,
  };
  if (form.state !== 'new') {
    return { ...base, state: 'completed', message: ROOM_MESSAGES.formCompleted, questions: [], files: [] };
  }
  const answers = await loadAnswers(tx, transaction.id, transactionTemplate);
  const included = includedQuestions(transactionTemplate, form.questionIds);
  const byId = new Map(included.map((q) => [q.id, q]));
  const view = presentQuestionnaire(transaction, template, transactionTemplate, answers);
  const questions = view.questions
    .filter((q) => byId.has(q.id))
    .map((q) => {
      const spec = byId.get(q.id);
      const fields = spec?.fields
        ? q.fields?.filter((f) => spec.fields?.some((s) => s.id === f.id))
        : q.fields;
      const resources =
        q.resources && fields
          ? q.resources.map((r) => ({
              ...r,
              values: Object.fromEntries(
                Object.entries(r.values).filter(([k]) => fields.some((f) => f.id === k)),
              ),
            }))
          : q.resources;
      // A question hanging on one the form leaves out: shown or hidden now, by the answer it has.
      const dependsOnHidden = q.required_question_id && !byId.has(q.required_question_id);
      return dependsOnHidden
        ? {
            ...q,
            fields,
            resources,
            is_hidden: !isQuestionShown(q, answers.values),
            required_question_id: undefined,
            required_question_value: undefined,
          }
        : { ...q, fields, resources };
    });
  return { ...base, state: 'new', message: null, questions, files: await answeredFiles(tx, form, questions) };
}

/** The files the shown document answers name, if uploaded through this form (others stay unnamed). */
function answeredFiles(tx: Tx, form: FormRow, questions: PublicOutsideForm['questions']) {
  const ids = new Set<number>();
  const add = (value: string | undefined) => {
    const id = documentAnswerId(value);
    if (id !== null) ids.add(id);
  };
  for (const q of questions) {
    if (q.type === 'document') add(q.value ?? undefined);
    for (const field of q.fields ?? []) {
      if (field.type !== 'document') continue;
      for (const resource of q.resources ?? []) add(resource.values[field.id]);
    }
  }
  return formFileNames(tx, form, [...ids]);
}
