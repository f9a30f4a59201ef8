import { type AddUserBody, GENERIC_ERROR_PERSISTS, userLimitMessage, validateEmail } from '@charter/domain';
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useVerifyAccount } from '../shell/verify-account.tsx';
import { useAddMember } from './queries.ts';

type Props = {
  companyId: number;
  opened: boolean;
  onClose: () => void;
  count: number;
  limit: number;
};

const EMPTY = { email: '', first_name: '', family_name: '', is_admin: false };

/** Invite Member: a new person gets an invitation email; someone who already signs in is added. */
export function InviteMemberModal({ companyId, opened, onClose, count, limit }: Props) {
  const add = useAddMember(companyId);
  const { push } = useNotices();
  const [error, setError] = useState<string | null>(null);
  // An account whose address is not verified may not invite: the refusal offers to verify it.
  const [unverified, setUnverified] = useState(false);
  const verifyAccount = useVerifyAccount();
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: { email: (value) => validateEmail(value) },
  });
  const full = count >= limit;
  const close = () => {
    form.reset();
    setError(null);
    setUnverified(false);
    add.reset();
    onClose();
  };
  const submit = (values: typeof EMPTY) => {
    setError(null);
    const body: AddUserBody = {
      email: values.email.trim(),
      first_name: values.first_name.trim() || undefined,
      family_name: values.family_name.trim() || undefined,
      is_admin: values.is_admin,
    };
    add.mutate(body, {
      onSuccess: (answer) => {
        push({
          type: 'success',
          message: answer.invited
            ? `Invitation sent to ${answer.user.email}.`
            : `${answer.user.email} was added to this workspace.`,
        });
        close();
      },
      onError: (failure) => {
        if (isApiError(failure) && Object.keys(failure.fields).length > 0) form.setErrors(failure.fields);
        else setError(errorMessage(failure, GENERIC_ERROR_PERSISTS));
        setUnverified(isApiError(failure, 'UNVERIFIED_CONTACT'));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite Member" centered>
      <form aria-label="Invite member" noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            A new person gets an email with a link to set up their sign-in; someone who already has an account
            sees this workspace among theirs.
          </Text>
          {(full || error) && (
            <Alert color={full && !error ? 'yellow' : 'red'} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{error ?? userLimitMessage(limit)}</Text>
                {unverified && (
                  <Button size="xs" onClick={verifyAccount.verify} loading={verifyAccount.pending}>
                    Verify your account
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps('email')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First Name" {...form.getInputProps('first_name')} />
            <TextInput label="Last Name" {...form.getInputProps('family_name')} />
          </SimpleGrid>
          <Checkbox
            label="Admin (can manage members and workspace settings)"
            {...form.getInputProps('is_admin', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Send Invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
