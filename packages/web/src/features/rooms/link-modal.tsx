import { ROOM_ADMIN_MESSAGES, type RoomLinkBody, type RoomLinkView } from '@charter/domain';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';

/** Add link / edit link: a URL is required; an empty label becomes the URL (the server prepends https://). */
export function LinkModal({
  link,
  onSubmit,
  onClose,
  failure,
}: {
  link: RoomLinkView | null;
  onSubmit: (body: RoomLinkBody) => Promise<unknown>;
  onClose: () => void;
  failure: string;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { link: link?.link ?? '', label: link?.label ?? '' },
    validate: { link: (value) => (value.trim() ? null : ROOM_ADMIN_MESSAGES.linkRequired) },
  });
  const submit = async (values: { link: string; label: string }) => {
    setPending(true);
    setError(null);
    try {
      await onSubmit({ link: values.link.trim(), label: values.label.trim() });
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, failure));
      setPending(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={link ? 'Edit Link' : 'Add Link'}>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <TextInput
            label="URL"
            placeholder="https://"
            data-autofocus
            {...form.getInputProps('link')}
            error={form.errors.link ?? error}
          />
          <TextInput label="Label" placeholder="Defaults to the URL" {...form.getInputProps('label')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {link ? 'Save' : 'Add Link'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
