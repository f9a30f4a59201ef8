import { REVIEWER_SET, type ReviewerInput } from '@charter/domain';
import { Modal, Text } from '@mantine/core';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { useWorkbenchMutation } from '../workbench/api.ts';
import type { Transaction } from '../workbench/types.ts';
import { ReviewersForm } from './reviewers-form.tsx';

const FAILED = 'Reviewers could not be set. Please try again.';

/**
 * Spec 2 §4: Assign Reviewers appears when reviewers are enabled (the group's template allows
 * redlining), the task is open and the project has more than one task.
 */
export const canAssignReviewers = (
  transaction: { open: boolean; template: { redline_available: boolean } },
  projectGroups: number,
) => transaction.template.redline_available && transaction.open && projectGroups > 1;

/**
 * Assign Reviewers (spec 2, the task menu): who reviews the group's documents. Kept on the open group;
 * each document it generates then emails them a review link.
 */
export function AssignReviewersModal({
  companyId,
  transaction,
  opened,
  onClose,
}: {
  companyId: number;
  transaction: Transaction;
  opened: boolean;
  onClose: () => void;
}) {
  const { push } = useNotices();
  const save = useWorkbenchMutation(companyId, (reviewers: ReviewerInput[]) =>
    apiFetch<{ message: string }>(`/api/account/transaction/${transaction.id}/reviewers`, {
      method: 'PUT',
      body: { reviewers },
      accountId: companyId,
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Set Reviewers" size="lg">
      <Text size="sm" c="dimmed" mb="sm">
        Each reviewer gets a link to the documents of {transaction.label} once they are generated.
      </Text>
      <ReviewersForm
        saved={transaction.reviewers}
        saving={save.isPending}
        onSave={(reviewers) =>
          save.mutate(reviewers, {
            onSuccess: () => {
              push({ type: 'success', message: REVIEWER_SET });
              onClose();
            },
            onError: (error) => push({ type: 'error', message: errorMessage(error, FAILED) }),
          })
        }
      />
    </Modal>
  );
}
