import { PARTNER_ROLE, PARTNER_ROLE_LABELS, type TeamView, validateEmail } from '@charter/domain';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { useAddPartnerMember } from './queries.ts';
import { TEAM_ERROR } from './teams-page.tsx';
import { useFields } from './use-fields.ts';

const ROLE_OPTIONS = Object.entries(PARTNER_ROLE_LABELS).map(([value, label]) => ({ value, label }));

/** Adds someone by email; a new person gets an email with a link to set up their sign-in. */
export function AddMemberModal({
  team,
  opened,
  onClose,
}: {
  team: TeamView;
  opened: boolean;
  onClose: () => void;
}) {
  const add = useAddPartnerMember(team.id);
  const { push } = useNotices();
  const initial = { email: '', first_name: '', family_name: '', role_id: String(PARTNER_ROLE.MEMBER) };
  const form = useFields(initial);
  const close = () => {
    form.reset(initial);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const problem = validateEmail(values.email);
    if (problem) return form.setErrors({ email: problem });
    add.mutate(
      {
        email: values.email.trim(),
        first_name: values.first_name.trim() || undefined,
        family_name: values.family_name.trim() || undefined,
        role_id: Number(values.role_id) as 1 | 2,
      },
      {
        onSuccess: (member) => {
          push({ type: 'success', message: `${member.email} added to ${team.name}.` });
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
          else push({ type: 'error', message: errorMessage(error, TEAM_ERROR) });
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={`Add a member to ${team.name}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Email" type="email" required data-autofocus {...form.input('email')} />
          <Group grow>
            <TextInput label="First name" {...form.input('first_name')} />
            <TextInput label="Last name" {...form.input('family_name')} />
          </Group>
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            allowDeselect={false}
            value={form.values.role_id}
            onChange={(value) => value && form.set('role_id', value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Member
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
