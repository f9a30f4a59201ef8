import { SIGNING_DECLINE_REASON } from '@charter/domain/signing/messages';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';

export const DECLINE_FAILED = 'Sorry, your answer could not be sent. Please try again.';

type Props = {
  sender: string;
  onClose: () => void;
  /** Sends the reason; the page moves on when it resolves. */
  onDecline: (reason: string) => Promise<void>;
};

/** Declining needs a reason, which the sender is told; loaded when first needed. */
export default function DeclineModal({ sender, onClose, onDecline }: Props) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    setFailure(null);
    if (!reason.trim()) {
      setReasonError(SIGNING_DECLINE_REASON);
      return;
    }
    setSending(true);
    try {
      await onDecline(reason.trim());
    } catch (error) {
      setFailure(errorMessage(error, DECLINE_FAILED));
      setSending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Decline to sign">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            If you decline, this document can no longer be signed by anyone, and {sender} is told your reason.
          </Text>
          <Textarea
            label="Why do you decline?"
            required
            rows={4}
            maxLength={2000}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={sending}>
              Decline
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
