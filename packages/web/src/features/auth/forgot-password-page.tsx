import { validateEmail } from '@charter/domain';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { AuthAlert } from './auth-alert.tsx';
import { requestPasswordReset } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { FORGOT_PASSWORD_MESSAGE } from './auth-messages.ts';

export function ForgotPasswordPage() {
  const location = useLocation();
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateEmail(email);
    setFieldError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const { message } = await requestPasswordReset(email);
      setResult({ ok: true, message: message || FORGOT_PASSWORD_MESSAGE });
    } catch (caught) {
      setResult({ ok: false, message: errorMessage(caught, FORGOT_PASSWORD_MESSAGE) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter your email and we will send you a link to set a new password."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
        <Stack gap="md">
          {result && <AuthAlert kind={result.ok ? 'success' : 'error'}>{result.message}</AuthAlert>}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            autoFocus
            required
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            Request Reset Link
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
