import {
  answerKey,
  answerRules,
  checkQuestionnaire,
  type FieldSpec,
  normalizeAnswer,
  type QuestionnaireAnswers,
  type ResourceEntry,
  validateAnswer,
} from '@charter/domain';
import { useCallback, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import type { Questionnaire, QuestionView } from '../workbench/types.ts';

export type SaveAnswer = (input: {
  feature_type_id: string;
  resource_id?: number;
  value: string;
}) => Promise<unknown>;

function initialAnswers(questionnaire: Questionnaire): QuestionnaireAnswers {
  const answers: QuestionnaireAnswers = { values: {}, lists: {} };
  for (const question of questionnaire.questions) {
    if (question.type === 'resource_list') answers.lists[question.id] = question.resources ?? [];
    else answers.values[question.id] = question.value ?? '';
  }
  return answers;
}

/**
 * The server's entries with the values typed here laid over those still listed: an answer refused on
 * blur (a half-typed phone number) was never saved, and must stay on screen with its error rather than
 * vanish when another entry is added. The server's values win only in entries new to the form (a
 * resource just added, picked or connected).
 */
export function keepTyped(local: readonly ResourceEntry[], fresh: readonly ResourceEntry[]): ResourceEntry[] {
  const typed = new Map(local.map((entry) => [entry.resource_id, entry.values]));
  return fresh.map((entry) => {
    const values = typed.get(entry.resource_id);
    return values ? { ...entry, values: { ...entry.values, ...values } } : entry;
  });
}

/**
 * The answers of one questionnaire as the form edits them. Each committed answer is normalized, checked
 * by its type and saved at once (on blur); saves run one after another, and `settled()` resolves when the
 * last one has, so a Submit pressed during a save waits for it instead of losing it.
 */
export function useAnswers(questionnaire: Questionnaire, save: SaveAnswer) {
  const [answers, setAnswers] = useState(() => initialAnswers(questionnaire));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [saving, setSaving] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef(answers);
  latest.current = answers;

  const setError = useCallback((key: string, message: string | null) => {
    setErrors((current) => {
      if ((current[key] ?? null) === message) return current;
      const next = { ...current };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });
  }, []);

  const enqueue = useCallback(
    (key: string, work: () => Promise<unknown>) => {
      setSaving((n) => n + 1);
      queue.current = queue.current
        .then(work)
        .catch((caught: unknown) => {
          const message =
            caught instanceof ApiError
              ? (Object.values(caught.fields)[0] ?? caught.message)
              : errorMessage(caught, 'An error has occurred.');
          setError(key, message);
        })
        .finally(() => setSaving((n) => n - 1));
    },
    [setError],
  );

  /** A plain question's answer, or a field of one resource when `resource` is given. */
  const commit = useCallback(
    (question: QuestionView, raw: string, resource?: { entry: ResourceEntry; field: FieldSpec }) => {
      const field: FieldSpec = resource?.field ?? question;
      const key = resource ? answerKey(question.id, resource.entry.resource_id, field.id) : question.id;
      const value = normalizeAnswer(field.type, raw);
      const previous = resource
        ? (latest.current.lists[question.id]?.find((e) => e.resource_id === resource.entry.resource_id)
            ?.values[field.id] ?? '')
        : (latest.current.values[question.id] ?? '');
      setAnswers((current) => {
        if (!resource) return { ...current, values: { ...current.values, [question.id]: value } };
        const entries = (current.lists[question.id] ?? []).map((entry) =>
          entry.resource_id === resource.entry.resource_id
            ? { ...entry, values: { ...entry.values, [field.id]: value } }
            : entry,
        );
        return { ...current, lists: { ...current.lists, [question.id]: entries } };
      });
      // Type errors show at once; required ones wait for Submit (the check then covers every answer).
      const message = value ? validateAnswer(field.type, value, answerRules(field, false)) : null;
      setError(key, message);
      if (message || value === previous) return;
      enqueue(key, () =>
        save({ feature_type_id: field.id, resource_id: resource?.entry.resource_id, value }),
      );
    },
    [enqueue, save, setError],
  );

  /** A resource list as the server now holds it, keeping what is typed in the entries still listed. */
  const setList = useCallback((questionId: string, entries: ResourceEntry[]) => {
    setAnswers((current) => ({
      ...current,
      lists: { ...current.lists, [questionId]: keepTyped(current.lists[questionId] ?? [], entries) },
    }));
  }, []);

  /** Waits for every save under way, then checks the whole form as the server will. */
  const check = useCallback(async () => {
    await queue.current;
    const result = checkQuestionnaire(questionnaire.questions, latest.current, questionnaire.validators);
    setErrors(result.errors);
    setMessages(result.messages);
    return result;
  }, [questionnaire]);

  return {
    answers,
    errors,
    messages,
    setMessages,
    saving: saving > 0,
    commit,
    setList,
    check,
    settled: () => queue.current,
  };
}
