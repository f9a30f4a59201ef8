import { OUTSIDE_FORM_MESSAGES, PRIOR_TASKS_PENDING } from '@charter/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Menu,
  Modal,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDots } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { feeNotice } from '../billing-charges/addons.ts';
import { PaymentModal } from '../billing-charges/payment-modal.tsx';
import { submitErrorMessage } from '../billing-charges/submit-error.ts';
import { DocumentsList } from '../documents/documents-list.tsx';
import { PdfPreviewModal } from '../documents/pdf-preview-modal.tsx';
import { outsideFormsApi, useOutsideForms } from '../outside-forms/api.ts';
import { ConnectedForms } from '../outside-forms/connected-forms.tsx';
import { WorkflowRoles } from '../questionnaire/workflow-roles.tsx';
import { AssignReviewersModal, canAssignReviewers } from '../review/assign-reviewers-modal.tsx';
import { shownFileId } from '../signing/signing-entry.ts';
import { useTransactionDocuments, useWorkbenchMutation, workbenchApi } from './api.ts';
import { AssessmentAnswers } from './assessment-answers.tsx';
import { TaskCard } from './task-card.tsx';
import type { DocumentRow, Transaction, TransactionSummary } from './types.ts';

/** Spec 2 §9: the payment/finalize modal is 450 wide. */
export const FINALIZE_MODAL_WIDTH = 450;
const TASK_ERROR = 'An error has occurred. if error persists, please contact support.';

type Props = {
  companyId: number;
  transaction: Transaction;
  nextTransaction: TransactionSummary | undefined;
  /** How many task groups the project has (Assign Reviewers needs more than one, spec 2 §4). */
  projectGroups: number;
  onOpenForm: () => void;
  /** Share Form: the form in sharing mode. */
  onShareForm: () => void;
  onOpen: (transaction: TransactionSummary) => void;
  onExit: () => void;
  /** After Delete Task: leaves the deleted group, then refreshes the workspace's workflows. */
  onDeleted: () => void;
  /** After a reopen (or a restarted assessment): the form, which then waits before Submit. */
  onReopened: () => void;
};

/**
 * The task overview screen: the group's title and menu, a card per task (process, template, document,
 * timeline), and the bottom buttons: Exit Workflow, Start/Continue Form, Submit Task, Next Task.
 */
export function TaskOverview(props: Props) {
  const { companyId, transaction } = props;
  const { push } = useNotices();
  const api = workbenchApi(companyId);
  const [assigning, setAssigning] = useState(false);
  const [assigningReviewers, setAssigningReviewers] = useState(false);
  const reviewersEnabled = canAssignReviewers(transaction, props.projectGroups);
  const [preview, setPreview] = useState<{ fileId: number | null; title: string } | null>(null);
  const documents = useTransactionDocuments(companyId, transaction.id, transaction.status);
  const previewDocument = (document: Pick<DocumentRow, 'box_file_id' | 'original_file_id' | 'filename'>) =>
    setPreview({ fileId: shownFileId(document), title: document.filename.replace(/\.pdf$/, '') });
  const finalize = useWorkbenchMutation(companyId, (autoSend: boolean) =>
    api.finalize(transaction.id, {}, autoSend),
  );
  const reopen = useWorkbenchMutation(companyId, () => api.reopen(transaction.id));
  // Not refreshed here: refetched before leaving, the deleted group would fail to load under the user.
  const remove = useMutation({ mutationFn: () => api.deleteTransaction(transaction.id) });
  const fail = (caught: unknown) => push({ type: 'error', message: errorMessage(caught, TASK_ERROR) });

  const blocked = transaction.open && transaction.order_block_info.blocking;
  const notice = feeNotice(transaction.product, transaction.credits_needed);
  const processing = transaction.tasks.filter((t) => t.state === 'Processing').length;
  const generating = transaction.tasks.filter((t) => t.mode === 'Generate' && !t.bypassed).length;

  const [paying, setPaying] = useState(false);
  const submitFailed = (caught: unknown) => push({ type: 'error', message: submitErrorMessage(caught) });
  const confirmSubmit = () => {
    // Fees or add-ons due: the payment/finalize modal (billing-charges) takes the card, then submits.
    if (transaction.product.fee_total > 0) {
      setPaying(true);
      return;
    }
    // Read when the dialog is confirmed: documents whose template names signers go out at once.
    let autoSend = true;
    modals.openConfirmModal({
      title: 'Submit Task',
      size: FINALIZE_MODAL_WIDTH,
      children: (
        <Stack gap="sm">
          <Text size="sm">
            Submitting freezes the answers of {transaction.label} and generates its documents. Documents take
            15-20 seconds.
          </Text>
          <Checkbox
            defaultChecked
            label="Send documents for signature as soon as they are ready"
            onChange={(event) => {
              autoSend = event.currentTarget.checked;
            }}
          />
        </Stack>
      ),
      labels: { confirm: 'Submit Task', cancel: 'Cancel' },
      onConfirm: () =>
        finalize.mutate(autoSend, {
          onSuccess: () => push({ type: 'success', message: 'Task Submitted!' }),
          onError: submitFailed,
        }),
    });
  };

  const outsideForms = useOutsideForms(companyId, { transactionId: transaction.id });
  const shared = (outsideForms.data ?? []).some(
    (f) => f.state === 'Open' && f.transaction_id === transaction.id,
  );
  const confirmCancelSharing = () =>
    modals.openConfirmModal({
      title: OUTSIDE_FORM_MESSAGES.cancel,
      children: <Text size="sm">The links of this task's open shared forms will stop working.</Text>,
      labels: { confirm: OUTSIDE_FORM_MESSAGES.cancel, cancel: 'Back' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        outsideFormsApi(companyId)
          .cancel(transaction.id)
          .then(() => {
            push({ type: 'success', message: OUTSIDE_FORM_MESSAGES.cancelled });
            return outsideForms.refetch();
          })
          .catch(fail),
    });

  const isAssessment = transaction.template.is_assessment;
  const reopenLabel = isAssessment ? 'Restart Assessment' : 'Reopen Task';
  const confirmReopen = () =>
    modals.openConfirmModal({
      title: reopenLabel,
      children: (
        <Text size="sm">Reopening lets you change the answers; the task must then be submitted again.</Text>
      ),
      labels: { confirm: reopenLabel, cancel: 'Cancel' },
      onConfirm: () =>
        reopen.mutate(undefined, {
          onSuccess: () => {
            push({ type: 'success', message: 'Task reopened.' });
            props.onReopened();
          },
          onError: fail,
        }),
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete Task',
      children: <Text size="sm">Delete {transaction.label} and its answers? This cannot be undone.</Text>,
      labels: { confirm: 'Delete Task', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove
          .mutateAsync()
          .then(() => {
            push({ type: 'success', message: 'Task deleted.' });
            props.onDeleted();
          })
          .catch(fail),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <PageTitle>{transaction.label}</PageTitle>
          {transaction.description && <Text c="dimmed">{transaction.description}</Text>}
        </div>
        <Group gap="xs">
          <Badge size="lg" variant="light" aria-label="Task status">
            {transaction.status}
          </Badge>
          {/* Spec 2 §4: some document of the group is open to redlining. */}
          {transaction.redlining && (
            <Badge size="lg" variant="outline" color="orange">
              Redlining
            </Badge>
          )}
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label="Task menu">
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {transaction.open && <Menu.Item onClick={props.onOpenForm}>Update Inputs</Menu.Item>}
              <Menu.Item onClick={() => setAssigning(true)}>Assign Role</Menu.Item>
              {transaction.open && !shared && (
                <Menu.Item onClick={props.onShareForm}>{OUTSIDE_FORM_MESSAGES.share}</Menu.Item>
              )}
              {shared && <Menu.Item onClick={confirmCancelSharing}>{OUTSIDE_FORM_MESSAGES.cancel}</Menu.Item>}
              {reviewersEnabled && (
                <Menu.Item onClick={() => setAssigningReviewers(true)}>Assign Reviewers</Menu.Item>
              )}
              {transaction.abilities.reopen && <Menu.Item onClick={confirmReopen}>{reopenLabel}</Menu.Item>}
              {transaction.abilities.delete && (
                <Menu.Item color="red" onClick={confirmDelete}>
                  Delete Task
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {blocked && <Alert color="yellow">{PRIOR_TASKS_PENDING}</Alert>}
      {isAssessment && !transaction.open && (
        <AssessmentAnswers companyId={companyId} transaction={transaction} />
      )}
      {transaction.state === 'Processing' && generating > 0 && (
        <Stack gap={4} aria-label="Document progress">
          <Text size="sm">
            Generating documents: {generating - processing} of {generating} ready. Documents take 15-20
            seconds.
          </Text>
          <Progress value={((generating - processing) / generating) * 100} animated />
        </Stack>
      )}
      {transaction.tasks.map((task) => (
        <TaskCard
          key={task.id}
          companyId={companyId}
          transaction={transaction}
          task={task}
          onPreview={(t) => t.document && previewDocument(t.document)}
        />
      ))}
      {notice && (
        <Text size="sm" c="dimmed" aria-label="Fees">
          {notice}
        </Text>
      )}
      {documents.data && documents.data.length > 0 && (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="xs">
            Documents
          </Title>
          <DocumentsList companyId={companyId} documents={documents.data} onPreview={previewDocument} />
        </Card>
      )}
      <ConnectedForms companyId={companyId} transactionId={transaction.id} />
      <Group justify="space-between">
        <Button variant="default" onClick={props.onExit}>
          Exit Workflow
        </Button>
        <Group>
          {transaction.open && (
            <Button variant="light" onClick={props.onOpenForm}>
              {transaction.is_started ? 'Continue Form' : 'Start Form'}
            </Button>
          )}
          {transaction.open && (
            <Button
              onClick={confirmSubmit}
              disabled={!transaction.validated_questionnaire || blocked}
              loading={finalize.isPending}
            >
              Submit Task
            </Button>
          )}
          {props.nextTransaction && (
            <Button
              variant="light"
              onClick={() => props.nextTransaction && props.onOpen(props.nextTransaction)}
            >
              Next Task
            </Button>
          )}
        </Group>
      </Group>
      <PaymentModal
        companyId={companyId}
        transaction={transaction}
        opened={paying}
        onClose={() => setPaying(false)}
        submit={(autoSend) => finalize.mutateAsync(autoSend)}
        onSubmitted={() => push({ type: 'success', message: 'Task Submitted!' })}
      />
      <AssignReviewersModal
        companyId={companyId}
        transaction={transaction}
        opened={assigningReviewers}
        onClose={() => setAssigningReviewers(false)}
      />
      <Modal opened={assigning} onClose={() => setAssigning(false)} title="Assign Workflow Role" size="lg">
        <WorkflowRoles companyId={companyId} projectId={transaction.project_id} />
      </Modal>
      <PdfPreviewModal
        companyId={companyId}
        fileId={preview?.fileId ?? null}
        title={preview?.title ?? ''}
        onClose={() => setPreview(null)}
      />
    </Stack>
  );
}
