import { GENERIC_ERROR_PERSISTS, validateLoginPassword } from '@charter/domain';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useSession } from '../../app/session.tsx';
import { AuthAlert } from './auth-alert.tsx';
import { checkPassword, resetPassword } from './auth-api.ts';
import { AuthLayout, TOGGLE_PROPS } from './auth-layout.tsx';
import { useAfterSignIn } from './use-after-sign-in.ts';

/** The page's words: a reset, or (?invite=1) an invitation's first sign-in. */
const WORDS = {
  reset: {
    title: 'Choose a new password',
    subtitle: 'Enter a new password for your account.',
    label: 'New Password',
    submit: 'Reset Password',
  },
  invite: {
    title: 'Set up your sign-in',
    subtitle: 'You were invited: choose a password to sign in with your email address.',
    label: 'Password',
    submit: 'Set Password',
  },
};

/** /reset-password/:code — the link from the reset email, or from an invitation (?invite=1). */
export function ResetPasswordPage() {
  const { code = '' } = useParams();
  const [search] = useSearchParams();
  const words = search.get('invite') === '1' ? WORDS.invite : WORDS.reset;
  const navigate = useNavigate();
  const { push } = useNotices();
  const { signIn } = useSession();
  const afterSignIn = useAfterSignIn();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateLoginPassword(password);
    setFieldError(invalid);
    setError(null);
    if (invalid) return;
    setBusy(true);
    try {
      const check = await checkPassword(password);
      if (!check.valid) {
        setFieldError(check.message || 'Please choose a stronger password.');
        return;
      }
      const answer = await resetPassword(code, password);
      push({ type: 'success', message: answer.message || 'Your password has been reset. Please log in.' });
      // A first password (an invitation's) signs in: straight to the workspace, no second login.
      if (answer.id_token) {
        await signIn(answer.id_token);
        await afterSignIn();
      } else navigate('/login', { replace: true });
    } catch (caught) {
      const field = caught instanceof ApiError ? caught.fields.password : undefined;
      if (field) setFieldError(field);
      else setError(errorMessage(caught, GENERIC_ERROR_PERSISTS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={words.title} subtitle={words.subtitle}>
      <form onSubmit={onSubmit} noValidate aria-label="Reset password">
        <Stack gap="md">
          {error && <AuthAlert>{error}</AuthAlert>}
          <PasswordInput
            visibilityToggleButtonProps={TOGGLE_PROPS}
            label={words.label}
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            autoFocus
            required
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            {words.submit}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
