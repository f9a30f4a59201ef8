import { Alert, Button, Divider, Group, Loader, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { useRedline, useReviewActions } from './api.ts';
import { ReviewersForm } from './reviewers-form.tsx';
import { SuggestionCard } from './suggestion-card.tsx';

const FAILED = 'An error has occurred. if error persists, please contact support.';

/**
 * A document's review: Set Reviewers (with Add Reviewer), the redlining switch, the suggestions as a
 * redline to accept or reject, then Approve suggestions (a new revision) and Approve for signature.
 */
export function ReviewModal({
  companyId,
  document,
  onClose,
}: {
  companyId: number;
  document: { id: number; label?: string; filename: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={document !== null} onClose={onClose} title="Review and redlining" size="xl">
      {document && <ReviewBody companyId={companyId} documentId={document.id} />}
    </Modal>
  );
}

function ReviewBody({ companyId, documentId }: { companyId: number; documentId: number }) {
  const { push } = useNotices();
  const redline = useRedline(companyId, documentId);
  const actions = useReviewActions(companyId, documentId);
  const notify = { onSuccess: (r: { message: string }) => push({ type: 'success', message: r.message }) };
  const failed = {
    onError: (caught: unknown) => push({ type: 'error', message: errorMessage(caught, FAILED) }),
  };
  if (redline.isPending) return <Loader aria-label="Loading the redline" />;
  if (redline.isError || !redline.data)
    return <Alert color="red">{errorMessage(redline.error, FAILED)}</Alert>;
  const view = redline.data;
  const current = view.suggestions.filter((s) => s.revision === view.revision);
  const accepted = current.some((s) => s.status === 'accepted' && s.kind !== 'comment');
  const busy = actions.decide.isPending;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {view.document.label} · revision {view.revision}
      </Text>
      <Title order={4}>Set Reviewers</Title>
      <ReviewersForm
        saved={view.reviewers}
        saving={actions.setReviewers.isPending}
        onSave={(list) => actions.setReviewers.mutate(list, { ...notify, ...failed })}
      />
      <Divider />
      {view.redline_available ? (
        <Switch
          label="Allow redlining"
          description="Reviewers may propose changes to the text; otherwise they can only comment."
          checked={view.redlining_allowed}
          onChange={(event) =>
            actions.setRedlining.mutate(event.currentTarget.checked, { ...notify, ...failed })
          }
        />
      ) : (
        <Text size="sm" c="dimmed">
          This document has no text to redline: reviewers can comment on it.
        </Text>
      )}
      <Title order={4}>Suggestions</Title>
      {current.length === 0 && (
        <Text size="sm" c="dimmed">
          No suggestions on this revision yet.
        </Text>
      )}
      {current.map((suggestion) => (
        <SuggestionCard
          key={suggestion.id}
          suggestion={suggestion}
          markdown={view.markdown}
          busy={busy}
          onDecide={(status) => actions.decide.mutate({ id: suggestion.id, status }, failed)}
        />
      ))}
      <Group justify="flex-end">
        {view.redline_available && (
          <Button
            variant="light"
            disabled={!accepted}
            loading={actions.approveSuggestions.isPending}
            onClick={() => actions.approveSuggestions.mutate(undefined, { ...notify, ...failed })}
          >
            Approve suggestions
          </Button>
        )}
        {view.signing_state === 'draft' && (
          <Button
            loading={actions.approveForSignature.isPending}
            onClick={() => actions.approveForSignature.mutate(undefined, { ...notify, ...failed })}
          >
            Approve for signature
          </Button>
        )}
      </Group>
    </Stack>
  );
}
