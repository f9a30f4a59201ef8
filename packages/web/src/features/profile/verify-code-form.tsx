import { VERIFY_ERROR } from '@charter/domain';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useVerifyAuthenticator } from './queries.ts';
import { formatVerificationCode } from './verification-code.ts';

const CODE_REQUIRED = 'Enter the six-digit code we emailed you';

/** Enter the six-digit code emailed to a newly added address. */
export function VerifyCodeForm({ email, onDone }: { email: string; onDone: () => void }) {
  const verify = useVerifyAuthenticator();
  const notices = useNotices();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const formatted = formatVerificationCode(code);
    if (!formatted) return setError(CODE_REQUIRED);
    setError(null);
    verify.mutate(
      { email, code: formatted },
      {
        onSuccess: () => {
          notices.push({ type: 'success', message: `${email} verified.` });
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure, VERIFY_ERROR)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Verify ${email}`}>
      <Group align="flex-start" gap="sm">
        <TextInput
          label={`Verification code for ${email}`}
          placeholder="123-456"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          w={260}
          size="sm"
        />
        <Button type="submit" size="sm" mt={25} loading={verify.isPending}>
          Verify
        </Button>
        <Button variant="subtle" color="gray" size="sm" mt={25} onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
