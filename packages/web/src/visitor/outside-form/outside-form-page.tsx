import {
  answerRules,
  isQuestionShown,
  normalizeAnswer,
  OUTSIDE_FORM_MESSAGES,
  type PublicOutsideForm,
  type QuestionView,
  ROOM_MESSAGES,
  validateAnswer,
} from '@charter/domain';
import { Alert, Anchor, Button, Card, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { resourceBlock } from '../../features/questionnaire/document-answers.ts';
import { ErrorSummary } from '../../features/questionnaire/error-summary.tsx';
import { AnswerField } from '../../features/questionnaire/fields/answer-field.tsx';
import {
  type DocumentUploads,
  DocumentUploadsContext,
} from '../../features/questionnaire/fields/document-field.tsx';
import { useAnswers } from '../../features/questionnaire/use-answers.ts';
import { SavingNotice } from '../../ui/saving-notice.tsx';
import { FormFrame, useFormLoad } from './form-frame.tsx';
import {
  finalizeOutsideForm,
  loadOutsideForm,
  outsideFileLink,
  saveOutsideAnswer,
  uploadOutsideFile,
} from './outside-form-api.ts';

/** How long typing pauses before what is typed is saved (a reload or another day resumes from it). */
const SAVE_WHILE_TYPING_MS = 800;

/** /outside-form/{code}: a shared questionnaire, filled without signing in (spec 3 §2). */
export function OutsideFormPage() {
  const { code = '', roomCode } = useParams();
  const [loaded] = useFormLoad(code, loadOutsideForm);
  // Submit's message, once the answers are in.
  const [submitted, setSubmitted] = useState<string | null>(null);
  return (
    <FormFrame loaded={loaded} maw={720}>
      {(ready) => (
        <>
          <Alert color="yellow" title={ROOM_MESSAGES.doNotShare} />
          {'failed' in ready ? (
            // Spec 3 §8: the message, with a way on (the dashboard; the room's overview when in a room).
            <Alert color="red">
              <Stack gap="xs">
                <Text size="sm">{ready.failed}</Text>
                <Anchor href="/" size="sm">
                  Go to Dashboard
                </Anchor>
                {roomCode ? (
                  <Anchor href={`/data-room/${encodeURIComponent(roomCode)}/overview`} size="sm">
                    Go to Room Overview
                  </Anchor>
                ) : null}
              </Stack>
            </Alert>
          ) : submitted !== null ? (
            <Submitted name={ready.form.name} message={submitted} />
          ) : ready.form.state === 'completed' ? (
            <Completed name={ready.form.name} />
          ) : (
            <FillForm code={code} form={ready.form} onDone={setSubmitted} />
          )}
        </>
      )}
    </FormFrame>
  );
}

/** Right after Submit: the answers are in (spec 3's 'already completed' is for a later visit). */
function Submitted({ name, message }: { name: string; message: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" role="status">
      <Stack gap="sm" align="center" ta="center">
        <ThemeIcon size={48} radius="xl" color="green" variant="light" aria-hidden>
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {OUTSIDE_FORM_MESSAGES.submittedTitle}
        </Title>
        <Text fw={500}>{name}</Text>
        <Text>{message}</Text>
      </Stack>
    </Paper>
  );
}

function Completed({ name }: { name: string }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack gap="sm">
        <Title order={1} size="h3">
          {name}
        </Title>
        <Text>{ROOM_MESSAGES.formCompleted}</Text>
      </Stack>
    </Paper>
  );
}

type FillFormProps = { code: string; form: PublicOutsideForm; onDone: (message: string) => void };

function FillForm({ code, form, onDone }: FillFormProps) {
  const questionnaire = useMemo(
    () => ({
      transaction_id: form.transaction_id,
      label: form.label,
      open: true,
      is_assessment: false,
      validated_questionnaire: false,
      validators: [],
      questions: form.questions,
    }),
    [form],
  );
  // One line of saves, whether typing paused or a field was left: they reach the server in order, so an
  // earlier value never lands after a later one.
  const line = useRef<Promise<unknown>>(Promise.resolve());
  const save = useCallback(
    (input: { feature_type_id: string; resource_id?: number; value: string }) => {
      const next = line.current.then(() =>
        saveOutsideAnswer({ code, transactionId: form.transaction_id, ...input }),
      );
      line.current = next.catch(() => undefined);
      return next;
    },
    [code, form.transaction_id],
  );
  const answers = useAnswers(questionnaire, save);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [names, setNames] = useState(() => new Map(form.files.map((f) => [f.id, f.filename])));
  const documents = useMemo<DocumentUploads>(
    () => ({
      upload: async (file) => {
        const stored = await uploadOutsideFile(code, file);
        setNames((map) => new Map(map).set(stored.id, stored.filename));
        return stored;
      },
      nameOf: (id) => names.get(id),
      open: (id) => {
        const tab = window.open('', '_blank');
        outsideFileLink(code, id).then(
          (url) => {
            if (tab) {
              tab.opener = null;
              tab.location.href = url;
            } else window.open(url, '_blank', 'noopener');
          },
          () => tab?.close(),
        );
      },
      notify: setUploaded,
    }),
    [code, names],
  );
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  /** Saves what is typed once typing pauses, if it is already a valid answer (blur commits the rest). */
  const typed = (
    key: string,
    field: QuestionView | NonNullable<QuestionView['fields']>[number],
    raw: string,
    resourceId?: number,
  ) => {
    const pending = timers.current;
    clearTimeout(pending.get(key));
    pending.set(
      key,
      setTimeout(() => {
        pending.delete(key);
        const value = normalizeAnswer(field.type, raw);
        if (!value || validateAnswer(field.type, value, answerRules(field, false))) return;
        void save({ feature_type_id: field.id, resource_id: resourceId, value }).catch(() => undefined);
      }, SAVE_WHILE_TYPING_MS),
    );
  };
  const settle = (key: string) => {
    clearTimeout(timers.current.get(key));
    timers.current.delete(key);
  };

  const submit = async () => {
    setSubmitting(true);
    setFailure(null);
    try {
      const check = await answers.check();
      if (check.messages.length > 0) return;
      const done = await finalizeOutsideForm(code);
      onDone(done.message || OUTSIDE_FORM_MESSAGES.submitted);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400)
        answers.setMessages(caught.message.split('\n'));
      else setFailure(errorMessage(caught, 'An error has occurred.'));
    } finally {
      setSubmitting(false);
    }
  };

  const shown = form.questions.filter((q) => isQuestionShown(q, answers.answers.values));
  return (
    <DocumentUploadsContext.Provider value={documents}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {form.name}
            </Title>
            {form.description && <Text c="dimmed">{form.description}</Text>}
          </Stack>
          {answers.saving && <SavingNotice />}
        </Group>
        {uploaded && (
          <Alert color="green" withCloseButton onClose={() => setUploaded(null)}>
            {uploaded}
          </Alert>
        )}
        {shown.some((q) => q.type !== 'resource_list') && (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              {shown
                .filter((q) => q.type !== 'resource_list')
                .map((question) => (
                  <AnswerField
                    key={question.id}
                    field={{ ...question, fixed: question.fixed ?? false }}
                    value={answers.answers.values[question.id] ?? ''}
                    error={answers.errors[question.id]}
                    onChange={(raw) => typed(question.id, question, raw)}
                    onCommit={(value) => {
                      settle(question.id);
                      answers.commit(question, value);
                    }}
                  />
                ))}
            </Stack>
          </Card>
        )}
        {shown
          .filter((q) => q.type === 'resource_list')
          .map((question) => (
            <Card key={question.id} withBorder radius="md" padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {question.label}
                </Title>
                {(answers.answers.lists[question.id] ?? []).length === 0 && (
                  <Text size="sm" c="dimmed">
                    Nothing listed yet.
                  </Text>
                )}
                {(answers.answers.lists[question.id] ?? []).map((entry) => (
                  <Paper key={entry.resource_id} withBorder p="md" radius="md">
                    <Stack gap="sm">
                      {(question.fields ?? []).map((field) => {
                        const key = `${question.id}.${entry.resource_id}.${field.id}`;
                        return (
                          <AnswerField
                            key={field.id}
                            field={{ ...field, fixed: field.fixed ?? false }}
                            value={entry.values[field.id] ?? ''}
                            error={answers.errors[key]}
                            documentBlocked={resourceBlock(question.fields ?? [], entry)}
                            onChange={(raw) => typed(key, field, raw, entry.resource_id)}
                            onCommit={(value) => {
                              settle(key);
                              answers.commit(question, value, { entry, field });
                            }}
                          />
                        );
                      })}
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            </Card>
          ))}
        <ErrorSummary messages={answers.messages} />
        {failure && <Alert color="red">{failure}</Alert>}
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={submitting}>
            Submit
          </Button>
        </Group>
      </Stack>
    </DocumentUploadsContext.Provider>
  );
}
