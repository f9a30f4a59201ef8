import { RECIPIENT_ROLES, type RecipientView, recipientLabel, validateEmail } from '@charter/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';

type Recipient = RecipientView;

/** Spec 2 §5: name, email and role are all needed. */
export const FILL_ALL_FIELDS = 'Please fill out all fields';

/** View Document Recipients: who a document goes to, with an add form and removal after a confirm. */
export function RecipientsModal({
  companyId,
  document,
  onClose,
}: {
  companyId: number;
  document: { id: number; filename: string; status: string | null } | null;
  onClose: () => void;
}) {
  const { push } = useNotices();
  const queryClient = useQueryClient();
  const key = ['account', companyId, 'recipients', document?.id];
  const recipients = useQuery({
    queryKey: key,
    queryFn: () =>
      apiFetch<Recipient[]>(`/api/account/document_history/${document?.id}/email_recipient`, {
        accountId: companyId,
      }),
    enabled: document !== null,
  });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string | null>('Signer');
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () =>
      apiFetch<Recipient>('/api/account/document_history/email_recipient', {
        method: 'POST',
        accountId: companyId,
        body: { document_id: document?.id, email, metadata: { name, role } },
      }),
    onSuccess: () => {
      setName('');
      setEmail('');
      setError(null);
      return refresh();
    },
    onError: (caught) => setError(errorMessage(caught, 'An error has occurred.')),
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiFetch(`/api/account/document_history/email_recipient/${id}`, {
        method: 'DELETE',
        accountId: companyId,
      }),
    onSuccess: refresh,
    onError: (caught) => push({ type: 'error', message: errorMessage(caught, 'An error has occurred.') }),
  });
  const submit = () => {
    if (!name.trim() || !email.trim() || !role) return setError(FILL_ALL_FIELDS);
    const invalid = validateEmail(email);
    if (invalid) return setEmailError(invalid);
    add.mutate();
  };
  const confirmRemove = (recipient: Recipient) =>
    modals.openConfirmModal({
      title: 'Remove recipient',
      children: <Text size="sm">Remove {recipient.metadata.name} from this document?</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(recipient.id),
    });

  return (
    <Modal opened={document !== null} onClose={onClose} title="View Document Recipients" size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {document?.filename}
        </Text>
        {recipients.isPending && <Loader size="sm" />}
        {recipients.data?.length === 0 && <Text size="sm">No recipients yet.</Text>}
        {!!recipients.data?.length && (
          <Table aria-label="Recipients">
            <Table.Tbody>
              {recipients.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.metadata.name}</Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{r.metadata.role}</Table.Td>
                  <Table.Td>{recipientLabel(r, document?.status ?? null)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${r.metadata.name}`}
                      onClick={() => confirmRemove(r)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group align="flex-start" grow>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput
            label="Email"
            value={email}
            error={emailError}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setEmailError(null);
            }}
            onBlur={() => email && setEmailError(validateEmail(email))}
          />
          <Select
            label="Role"
            data={[...RECIPIENT_ROLES]}
            value={role}
            onChange={setRole}
            allowDeselect={false}
          />
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button onClick={submit} loading={add.isPending}>
            Add Recipient
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
