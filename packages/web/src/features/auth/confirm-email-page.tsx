import { formatConfirmationCode } from '@charter/domain';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useSession } from '../../app/session.tsx';
import { confirmEmail, resendConfirmationCode } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { CONFIRM_CODE_ERROR } from './auth-messages.ts';
import { takeNewAccountId } from './auth-storage.ts';
import { emptyDigits, isComplete } from './code-digits.ts';
import { ConfirmationCodeInput } from './confirmation-code-input.tsx';
import { useAfterSignIn } from './use-after-sign-in.ts';

export function ConfirmEmailPage() {
  const navigate = useNavigate();
  const afterSignIn = useAfterSignIn({ review: false });
  const { user, refreshUser } = useSession();
  const { push } = useNotices();
  const [digits, setDigits] = useState(emptyDigits);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (code: string[]) => {
    if (!isComplete(code)) return setError('Enter all six digits of the code.');
    setBusy(true);
    setError(null);
    try {
      await confirmEmail(formatConfirmationCode(code.join('')));
      await refreshUser().catch(() => undefined);
      push({ type: 'success', message: 'Your email has been confirmed.' });
      const accountId = takeNewAccountId();
      await afterSignIn(accountId ? `/c/${accountId}/home` : '/c/0/company-select');
    } catch (caught) {
      const wrong = isApiError(caught, 'E_CODE_INVALID') || isApiError(caught, 'VALIDATION_ERROR');
      setError(wrong ? CONFIRM_CODE_ERROR : errorMessage(caught, CONFIRM_CODE_ERROR));
      // Start over with empty boxes: typing into a full set would resubmit after the first digit.
      setDigits(emptyDigits());
      setBusy(false);
    }
  };

  const onChange = (next: string[]) => {
    setDigits(next);
    setError(null);
    if (isComplete(next) && next.join('') !== digits.join('') && !busy) void submit(next);
  };

  const resend = () =>
    modals.openConfirmModal({
      title: 'Send new confirmation code?',
      children: <Text size="sm">We will email a new six-digit code to {user?.email ?? 'your address'}.</Text>,
      labels: { confirm: 'Send', cancel: 'Cancel' },
      onConfirm: () => {
        resendConfirmationCode()
          .then(({ message }) => push({ type: 'success', message: message || 'A new code is on its way.' }))
          .catch((caught: unknown) =>
            push({ type: 'error', message: errorMessage(caught, 'An error has occurred') }),
          );
      },
    });

  // The form again with what was registered, still signed in: a mistyped email can be registered again
  // without losing the session (or the code, if it was right after all).
  const backToRegistration = () => navigate('/register', { state: { backToRegistration: true } });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(digits);
  };

  return (
    <AuthLayout
      title="Confirm your email"
      subtitle={`Enter the six-digit code we sent to ${user?.email ?? 'your email address'}.`}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Confirm email">
        <Stack gap="lg">
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <ConfirmationCodeInput value={digits} onChange={onChange} disabled={busy} autoFocus />
          <Button type="submit" size="md" fullWidth loading={busy}>
            Confirm Email
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={backToRegistration}>
              Back to Registration
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={resend}>
              Send New Confirmation Code
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
