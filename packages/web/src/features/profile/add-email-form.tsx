import { GENERIC_ERROR_PERSISTS, validateEmail } from '@charter/domain';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useAddAuthenticator } from './queries.ts';

const ADD_ERROR = GENERIC_ERROR_PERSISTS;

/** Adds an email address; the server emails it a code, which `onAdded` lets the user enter. */
export function AddEmailForm({ onAdded }: { onAdded: (email: string) => void }) {
  const add = useAddAuthenticator();
  const notices = useNotices();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const invalid = validateEmail(value);
    setError(invalid);
    if (invalid) return;
    add.mutate(value, {
      onSuccess: () => {
        notices.push({ type: 'info', message: `We sent a verification code to ${value}.` });
        setEmail('');
        onAdded(value);
      },
      onError: (failure) => setError(errorMessage(failure, ADD_ERROR)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add email">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Email Address"
          placeholder="name@example.com"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
          w={320}
        />
        <Button type="submit" mt={25} variant="light" loading={add.isPending}>
          Add Email
        </Button>
      </Group>
    </form>
  );
}
