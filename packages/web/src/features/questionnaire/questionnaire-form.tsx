import {
  answersDocument,
  type FieldSpec,
  FORM_COMPLETED,
  isQuestionShown,
  REOPEN_WAIT_MESSAGE,
  REOPEN_WAIT_MS,
  type ResourceEntry,
} from '@charter/domain';
import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiError, apiFetch, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { SavingNotice } from '../../ui/saving-notice.tsx';
import { ShareFormMode } from '../outside-forms/share-form-mode.tsx';
import { workbenchApi, workbenchKeys } from '../workbench/api.ts';
import type { Questionnaire, QuestionView, Transaction } from '../workbench/types.ts';
import { documentFileIds, relatedBlock } from './document-answers.ts';
import { ErrorSummary } from './error-summary.tsx';
import { AnswerField } from './fields/answer-field.tsx';
import { DocumentUploadsContext } from './fields/document-field.tsx';
import { ResourceGroup } from './resource-group.tsx';
import { useAnswers } from './use-answers.ts';
import { useDocumentUploads } from './use-document-uploads.ts';
import { WorkflowName } from './workflow-name.tsx';
import { WorkflowRoles } from './workflow-roles.tsx';

type Props = {
  companyId: number;
  transaction: Transaction;
  questionnaire: Questionnaire;
  /** After a completed form (ordinary) or a finalized assessment. */
  onDone: (result: { finalized: boolean }) => void;
};

const asField = (question: QuestionView) => ({
  ...question,
  fixed: question.fixed ?? false,
  help: question.help,
  description: question.description,
});

/**
 * The questionnaire screen: every shown question (hidden ones follow the answer they depend on), one
 * group per resource list, the error summary and Submit. Answers are saved on blur; Submit waits for
 * saves under way, checks everything as the server will, then marks the form validated (or, for an
 * assessment, finalizes it).
 */
export function QuestionnaireForm({ companyId, transaction, questionnaire, onDone }: Props) {
  const api = useMemo(() => workbenchApi(companyId), [companyId]);
  const queryClient = useQueryClient();
  const { push } = useNotices();
  const transactionId = transaction.id;
  const started = transaction.is_started;
  const save = useCallback(
    async (input: { feature_type_id: string; resource_id?: number; value: string }) => {
      const saved = await api.saveAnswer({ transaction_id: transactionId, ...input });
      // The first answer starts the form: statuses elsewhere (panel, lists) change with it.
      if (!started) {
        await queryClient.invalidateQueries({
          queryKey: workbenchKeys.all(companyId),
          predicate: (query) => query.queryKey[3] !== 'questionnaire',
        });
      }
      return saved;
    },
    [api, transactionId, started, queryClient, companyId],
  );
  const form = useAnswers(questionnaire, save);
  const documents = useDocumentUploads(
    companyId,
    transaction.project_label,
    documentFileIds(questionnaire.questions, form.answers),
  );
  const [submitting, setSubmitting] = useState(false);
  const [focusResourceId, setFocusResourceId] = useState<number | null>(null);
  const clearFocus = useCallback(() => setFocusResourceId(null), []);
  const readOnly = !transaction.open;
  const locationState = useLocation().state as { isReopening?: boolean; isSharing?: boolean } | null;
  const reopening = Boolean(locationState?.isReopening);
  // Share Form (the task menu) opens the form in sharing mode.
  const sharing = Boolean(locationState?.isSharing) && !readOnly;
  const [waiting, setWaiting] = useState(reopening);
  useEffect(() => {
    if (!reopening) return;
    const timer = setTimeout(() => setWaiting(false), REOPEN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [reopening]);

  /** Reloads one resource list from the server after it changed there (add, pick, remove, connect). */
  /** The list as the server now holds it; `focus` names an entry to focus at once (one just added). */
  const reloadList = async (question: QuestionView, focus?: number) => {
    const fresh = await apiFetch<Questionnaire>(`/api/account/transaction/${transactionId}/questionnaire`, {
      accountId: companyId,
    });
    form.setList(question.id, fresh.questions.find((q) => q.id === question.id)?.resources ?? []);
    if (focus !== undefined) setFocusResourceId(focus);
    await queryClient.invalidateQueries({
      queryKey: workbenchKeys.resources(companyId, question.resource_type_id ?? 0),
    });
  };

  const failed = (caught: unknown) =>
    push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') });

  const submit = async () => {
    setSubmitting(true);
    try {
      const check = await form.check();
      if (check.messages.length > 0) return;
      if (questionnaire.is_assessment) {
        const snapshot = {
          ...answersDocument(questionnaire.questions, form.answers),
          finalized_at: new Date().toISOString().slice(0, 10),
        };
        await api.finalize(transactionId, snapshot);
        push({ type: 'success', message: 'Task Submitted!' });
        onDone({ finalized: true });
      } else {
        await api.validate(transactionId);
        push({ type: 'success', message: FORM_COMPLETED });
        onDone({ finalized: false });
      }
      await queryClient.invalidateQueries({ queryKey: workbenchKeys.all(companyId) });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) form.setMessages(caught.message.split('\n'));
      else failed(caught);
    } finally {
      setSubmitting(false);
    }
  };

  const shown = questionnaire.questions.filter((q) => isQuestionShown(q, form.answers.values));
  if (sharing) {
    return (
      <ShareFormMode
        companyId={companyId}
        transaction={transaction}
        questionnaire={questionnaire}
        onDone={() => onDone({ finalized: false })}
      />
    );
  }

  return (
    <DocumentUploadsContext.Provider value={documents}>
      <Stack gap="lg">
        <Group justify="space-between">
          <PageTitle>{transaction.label}</PageTitle>
          {form.saving && <SavingNotice />}
        </Group>
        {transaction.position === 0 && !readOnly && (
          <WorkflowName
            companyId={companyId}
            projectId={transaction.project_id}
            label={transaction.project_label}
          />
        )}
        {waiting && <Alert color="yellow">{REOPEN_WAIT_MESSAGE}</Alert>}
        {readOnly && (
          <Alert color="blue">This task has been submitted; its answers can no longer be changed here.</Alert>
        )}
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            {shown
              .filter((q) => q.type !== 'resource_list')
              .map((question) => (
                <AnswerField
                  key={question.id}
                  field={asField(question)}
                  value={form.answers.values[question.id] ?? ''}
                  error={form.errors[question.id]}
                  readOnly={readOnly}
                  documentBlocked={relatedBlock(questionnaire.questions, form.answers.values)}
                  onChange={() => undefined}
                  onCommit={(value) => form.commit(question, value)}
                />
              ))}
          </Stack>
        </Card>
        {shown
          .filter((q) => q.type === 'resource_list')
          .map((question) => (
            <ResourceGroup
              key={question.id}
              companyId={companyId}
              question={question}
              entries={form.answers.lists[question.id] ?? []}
              errors={form.errors}
              missing={form.messages.includes(`- Input required for: ${question.label}.`)}
              readOnly={readOnly}
              focusResourceId={focusResourceId}
              onFocused={clearFocus}
              onCommit={(entry: ResourceEntry, field: FieldSpec, value: string) =>
                form.commit(question, value, { entry, field })
              }
              onCreate={async (name) => {
                try {
                  await form.settled();
                  const created = await api.createResource({
                    name,
                    transaction_id: transactionId,
                    question_id: question.id,
                  });
                  await reloadList(question, created.id);
                } catch (caught) {
                  failed(caught);
                }
              }}
              onPick={async (resourceId) => {
                try {
                  const ids = (form.answers.lists[question.id] ?? []).map((e) => e.resource_id);
                  await api.setResources(transactionId, question.id, [...ids, resourceId]);
                  await reloadList(question, resourceId);
                } catch (caught) {
                  failed(caught);
                }
              }}
              onRemove={async (entry) => {
                try {
                  const ids = (form.answers.lists[question.id] ?? [])
                    .map((e) => e.resource_id)
                    .filter((id) => id !== entry.resource_id);
                  await api.setResources(transactionId, question.id, ids);
                  await reloadList(question);
                } catch (caught) {
                  failed(caught);
                }
              }}
              onConnect={async (entry, targetId) => {
                try {
                  await api.mergeResources(entry.resource_id, targetId);
                  await reloadList(question);
                } catch (caught) {
                  failed(caught);
                }
              }}
            />
          ))}
        {transaction.position === 0 && !readOnly && (
          <WorkflowRoles companyId={companyId} projectId={transaction.project_id} />
        )}
        <ErrorSummary messages={form.messages} />
        {!readOnly && (
          <Group justify="flex-end">
            <Button onClick={() => void submit()} loading={submitting} disabled={waiting}>
              {questionnaire.is_assessment ? 'Submit Assessment' : 'Submit Form'}
            </Button>
          </Group>
        )}
      </Stack>
    </DocumentUploadsContext.Provider>
  );
}
