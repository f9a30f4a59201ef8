import { EMAIL_REQUIRED, ROOM_MESSAGES } from '@charter/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { errorMessage } from '../../api/client.ts';
import type { RoomSettingsActions } from './api.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  actions: RoomSettingsActions;
  onSent: (message: string) => void;
};

/** Share Personal Room Link: one email address gets a personal link (a guest account if it has none). */
export function ShareLinkModal({ opened, onClose, actions, onSent }: Props) {
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (value.trim() ? null : EMAIL_REQUIRED) },
  });
  const submit = form.onSubmit(({ email }) =>
    actions.share.mutate(email.trim(), {
      onSuccess: (res) => {
        onSent(res.message || ROOM_MESSAGES.emailSent);
        form.reset();
        onClose();
      },
      onError: (error) => form.setFieldError('email', errorMessage(error, ROOM_MESSAGES.shareFailed)),
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Share Personal Room Link">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The link is sent by email and works for that person only.
          </Text>
          <TextInput label="Email" type="email" data-autofocus {...form.getInputProps('email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={actions.share.isPending}>
              Send Link
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
