import { ROOM_VISITOR_TEMPLATE } from '@charter/domain';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { requestVerification } from './room-api.ts';

/** An anonymous visitor's way to prove an email: a code is mailed, and entered on /verify-code. */
export function VerifyEmailForm({ code }: { code: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const challenge = await requestVerification(code, email);
      navigate(`/verify-code/${ROOM_VISITOR_TEMPLATE}?room=${code}&id=${challenge.id}`);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.hasServerMessage ? failure.message : 'An error has occurred',
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Verify your email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
        />
        <Button type="submit" variant="light" loading={sending}>
          Send code
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Verified visitors are recognised on their next visit.
      </Text>
    </form>
  );
}
