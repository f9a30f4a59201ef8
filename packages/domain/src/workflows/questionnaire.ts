import { type AnswerRuleOptions, type CompanyParty, validateAnswer } from '../answers/answer-rules.ts';
import {
  emptyResourceMessages,
  evaluateValidators,
  FILL_REQUIRED,
  type TemplateValidator,
} from '../answers/validators.ts';
import type { EntityType } from '../rules/company-name.ts';
import type { FieldType } from './field-types.ts';

/** A question or a field of a resource list, as the template library defines it. */
export type FieldSpec = {
  id: string;
  label: string;
  type: FieldType;
  required: boolean;
  new_require?: boolean;
  fixed?: boolean;
  options?: string[];
  entity_type?: EntityType;
  is_entity_formed?: boolean;
  /** company_name: 'other' for another party's name, which needs no suffix (default 'ours'). */
  party?: CompanyParty;
};

export type QuestionSpec = FieldSpec & {
  is_hidden?: boolean;
  required_question_id?: string;
  required_question_value?: string;
  resource_type?: number;
  multi_entry?: boolean;
  fields?: FieldSpec[];
};

export type ResourceEntry = {
  resource_id: number;
  resource_name: string;
  is_draft: boolean;
  values: Record<string, string>;
};

/** A transaction's answers: plain questions by id, resource lists by question id. */
export type QuestionnaireAnswers = {
  values: Record<string, string>;
  lists: Record<string, ResourceEntry[]>;
};

export type QuestionnaireCheck = {
  /** By answer key: 'question' or 'question.resourceId.field'. */
  errors: Record<string, string>;
  /** The error summary, in the spec's words, in order. */
  messages: string[];
};

export const answerKey = (questionId: string, resourceId?: number, fieldId?: string) =>
  resourceId === undefined ? questionId : `${questionId}.${resourceId}.${fieldId}`;

/** A question is hidden when it is marked so or the question it depends on has another value. */
export function isQuestionShown(question: QuestionSpec, values: Record<string, string>): boolean {
  if (question.is_hidden) return false;
  if (!question.required_question_id) return true;
  return (values[question.required_question_id] ?? '') === (question.required_question_value ?? '');
}

/** The rules a field's template sets for its answer: the client, the server and Submit check the same. */
export const answerRules = (field: FieldSpec, required: boolean): AnswerRuleOptions => ({
  required,
  options: field.options,
  entityType: field.entity_type,
  alreadyFormed: field.is_entity_formed,
  party: field.party,
});

/**
 * The answers as the template validators and the finalize snapshot see them:
 * { company_name: 'Acme, Inc.', founders: [{ name: 'Ada', email: … }] } with hidden questions left out.
 */
export function answersDocument(
  questions: readonly QuestionSpec[],
  answers: QuestionnaireAnswers,
): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const question of questions) {
    if (!isQuestionShown(question, answers.values)) continue;
    if (question.type === 'resource_list') {
      document[question.id] = (answers.lists[question.id] ?? []).map((entry) => ({ ...entry.values }));
    } else {
      document[question.id] = answers.values[question.id] ?? '';
    }
  }
  return document;
}

/**
 * Checks a whole questionnaire the way Submit does (spec 2 §4 "Form" and §5): each shown answer by its
 * type, required answers present, required resource lists not empty, then the template's validators.
 * The web app and the server run this same function, so the server rejects exactly what the client would.
 */
export function checkQuestionnaire(
  questions: readonly QuestionSpec[],
  answers: QuestionnaireAnswers,
  validators: unknown = [],
): QuestionnaireCheck {
  const errors: Record<string, string> = {};
  /** The summary's line per wrong answer, naming it: the message alone does not say which field. */
  const named: string[] = [];
  const emptyLists: Record<string, readonly unknown[]> = {};
  for (const question of questions) {
    if (!isQuestionShown(question, answers.values)) continue;
    if (question.type === 'resource_list') {
      const entries = answers.lists[question.id] ?? [];
      if (question.required) emptyLists[question.label] = entries;
      for (const entry of entries) {
        for (const field of question.fields ?? []) {
          const required = field.required || (entry.is_draft && Boolean(field.new_require));
          const message = validateAnswer(
            field.type,
            entry.values[field.id] ?? '',
            answerRules(field, required),
          );
          if (!message) continue;
          errors[answerKey(question.id, entry.resource_id, field.id)] = message;
          named.push(invalidFieldLine(`${field.label} of ${entry.resource_name || question.label}`, message));
        }
      }
      continue;
    }
    const message = validateAnswer(
      question.type,
      answers.values[question.id] ?? '',
      answerRules(question, question.required),
    );
    if (!message) continue;
    errors[question.id] = message;
    named.push(invalidFieldLine(question.label, message));
  }
  const messages: string[] = [];
  if (named.length > 0) messages.push(FILL_REQUIRED, ...named);
  const checked = evaluateValidators(validators, answersDocument(questions, answers));
  messages.push(...emptyResourceMessages(emptyLists, checked.exempt), ...checked.messages);
  return { errors, messages };
}

/** '- Phone: Full phone number required.': a wrong answer in the summary, by its field's label. */
export const invalidFieldLine = (label: string, message: string) =>
  `- ${label.trim()}: ${message.replace(/^\s*-\s+/, '')}`;

export type { TemplateValidator };
