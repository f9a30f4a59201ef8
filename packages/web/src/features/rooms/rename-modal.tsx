import { ROOM_MESSAGES } from '@charter/domain';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';

/** Renames a table or a document: empty is refused with 'Cannot update to empty string.', unchanged just closes. */
export function RenameModal({
  title,
  initial,
  onSubmit,
  onClose,
  failure,
}: {
  title: string;
  initial: string;
  onSubmit: (label: string) => Promise<unknown>;
  onClose: () => void;
  failure: string;
}) {
  const [pending, setPending] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { label: initial },
    validate: { label: (value) => (value.trim() ? null : ROOM_MESSAGES.emptyName) },
  });
  const submit = async ({ label }: { label: string }) => {
    if (label.trim() === initial) return onClose();
    setPending(true);
    try {
      await onSubmit(label.trim());
      onClose();
    } catch (caught) {
      form.setFieldError('label', errorMessage(caught, failure));
      setPending(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <TextInput label="Name" data-autofocus {...form.getInputProps('label')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
