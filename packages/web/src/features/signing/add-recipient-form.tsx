import { RECIPIENT_ROLES, validateEmail } from '@charter/domain';
import { Alert, Autocomplete, Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { FILL_ALL_FIELDS } from '../documents/recipients-modal.tsx';
import { type NewRecipient, signingApi, useSigningMutation } from './api.ts';
import { SIGNING_ERROR } from './labels.ts';

type Props = {
  companyId: number;
  documentId: number;
  /** The roles the document's fields are for, offered as the new recipient's party. */
  roles: string[];
};

/** Adds a recipient to a draft: name, email (checked on blur), role (Signer by default), party and order. */
export function AddRecipientForm({ companyId, documentId, roles }: Props) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string | null>('Signer');
  const [party, setParty] = useState('');
  const [order, setOrder] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const add = useSigningMutation(companyId, documentId, (recipient: NewRecipient) =>
    signingApi(companyId).addRecipient(documentId, recipient),
  );

  const submit = () => {
    if (!name.trim() || !email.trim() || !role) return setError(FILL_ALL_FIELDS);
    const invalid = validateEmail(email);
    if (invalid) return setEmailError(invalid);
    setError(null);
    const recipient: NewRecipient = {
      name: name.trim(),
      email: email.trim(),
      role,
      party: party.trim() || undefined,
      order: typeof order === 'number' ? order : undefined,
    };
    add.mutate(recipient, {
      onSuccess: () => {
        setName('');
        setEmail('');
        setParty('');
        setOrder('');
      },
      onError: (caught) => setError(errorMessage(caught, SIGNING_ERROR)),
    });
  };

  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm" grow preventGrowOverflow={false}>
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
          maw={130}
        />
        <Autocomplete
          size="md"
          label="Party"
          placeholder={roles.length ? 'Fields for…' : 'Optional'}
          data={roles}
          value={party}
          onChange={setParty}
          maw={160}
        />
        <NumberInput
          size="md"
          label="Order"
          min={1}
          max={100}
          allowDecimal={false}
          value={order}
          onChange={setOrder}
          maw={90}
          placeholder="1"
        />
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="light" onClick={submit} loading={add.isPending}>
          Add Recipient
        </Button>
      </Group>
    </Stack>
  );
}
