import { normalizeVerificationCode, validateVerificationCode } from '@charter/domain';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useSession } from '../../app/session.tsx';
import { AuthAlert } from './auth-alert.tsx';
import { type ChallengeTemplate, redeemChallenge, requestChallenge } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { VERIFY_ERROR } from './auth-messages.ts';
import { clearChallenge, loadChallenge, saveChallenge } from './auth-storage.ts';
import { useAfterSignIn } from './use-after-sign-in.ts';

/** /verify-code/:templateKey — the 8-character code from the email just requested. */
export function VerifyCodePage() {
  const { templateKey } = useParams();
  const { signIn } = useSession();
  const { push } = useNotices();
  const afterSignIn = useAfterSignIn();
  const [challenge, setChallenge] = useState(loadChallenge);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<{ detail: string | null } | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateVerificationCode(code);
    setFieldError(invalid);
    if (invalid || !challenge) return;
    setBusy(true);
    setError(null);
    try {
      const { id_token } = await redeemChallenge(challenge.id, normalizeVerificationCode(code));
      clearChallenge();
      await signIn(id_token);
      await afterSignIn();
    } catch (caught) {
      const detail = caught instanceof ApiError && caught.hasServerMessage ? caught.message : null;
      setError({ detail: detail === VERIFY_ERROR ? null : detail });
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!challenge) return;
    try {
      const template = (templateKey ?? challenge.template) as ChallengeTemplate;
      const next = await requestChallenge(challenge.email, template);
      const saved = { ...next, email: challenge.email, template };
      saveChallenge(saved);
      setChallenge(saved);
      push({ type: 'success', message: `A new code was sent to ${challenge.email}.` });
    } catch (caught) {
      push({ type: 'error', message: errorMessage(caught, VERIFY_ERROR) });
    }
  };

  const subtitle = challenge
    ? `We emailed an 8-character code to ${challenge.email}. Enter it below, or open the link in the email.`
    : 'Enter the 8-character code from your email.';

  return (
    <AuthLayout title="Check your email" subtitle={subtitle}>
      <form onSubmit={onSubmit} noValidate aria-label="Verify code">
        <Stack gap="md">
          {error && <AuthAlert title={VERIFY_ERROR}>{error.detail}</AuthAlert>}
          {!challenge && (
            <AuthAlert title="No code was requested in this browser.">
              Go back to the login page and ask for a new email link.
            </AuthAlert>
          )}
          <TextInput
            label="Verification Code"
            placeholder="ABCD1234"
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            maxLength={9}
            autoComplete="one-time-code"
            autoFocus
            styles={{ input: { letterSpacing: 4, fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Button type="submit" size="md" fullWidth loading={busy} disabled={!challenge}>
            Verify Code
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/login" size="sm">
              Back to Login
            </Anchor>
            {challenge && (
              <Anchor component="button" type="button" size="sm" onClick={() => void resend()}>
                Send a new code
              </Anchor>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Codes are valid for 24 hours and can be used once.
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
