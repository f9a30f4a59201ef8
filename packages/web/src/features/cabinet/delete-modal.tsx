import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';

type Props = { title: string; name: string; onConfirm: () => Promise<unknown>; onClose: () => void };

const DELETE_FAILED = 'An error has occurred.';

/** Confirms a deletion by name; a refusal (a folder not empty, a task's document) stays in the modal. */
export function DeleteModal({ title, name, onConfirm, onClose }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, DELETE_FAILED));
      setPending(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        <Text size="sm">
          Delete <strong>{name}</strong>? This cannot be undone.
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={confirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
