import { LOGIN_BANNER } from '@charter/domain';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconMail } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/modal-location.ts';
import { AuthLayout, TOGGLE_PROPS } from './auth-layout.tsx';
import { LOGIN_ERROR } from './auth-messages.ts';
import { OidcSignInButtons } from './oidc-sign-in-buttons.tsx';
import { useLoginFlow } from './use-login-flow.ts';

/** Sign-in; opened on the way to another page (?redirect=), it says why first (spec 1 §2 "Banners"). */
export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const stateEmail = (location.state as { email?: string } | null)?.email;
  const flow = useLoginFlow(stateEmail ?? params.get('email') ?? '');
  const redirect = safeRedirect(params.get('redirect'));
  // Back from Google or the partner's issuer without a session: the cookie exchange already failed during boot.
  const oidcFailed = params.get('oidc') === '1' || params.has('oidc_error');
  const error = flow.error ?? (oidcFailed ? LOGIN_ERROR : null);
  const onCredentials = flow.step === 'credentials';
  const linkMode = flow.mode === 'link';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!onCredentials) flow.submitEmail();
    else if (linkMode) flow.submitLink();
    else flow.submitPassword();
  };

  return (
    <AuthLayout
      title={linkMode ? 'Sign in with an email link' : 'Sign in'}
      subtitle={
        linkMode
          ? 'We will email you a link and a code to sign in.'
          : 'Welcome back. Enter your email to continue.'
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Login">
        <Stack gap="md">
          {redirect && !error && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
              {LOGIN_BANNER}
            </Alert>
          )}
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={flow.email}
            onChange={(event) => flow.setEmail(event.currentTarget.value)}
            error={flow.fieldError.email}
            autoFocus={!onCredentials}
            required
          />
          {onCredentials && !linkMode && (
            <PasswordInput
              visibilityToggleButtonProps={TOGGLE_PROPS}
              label="Password"
              autoComplete="current-password"
              value={flow.password}
              onChange={(event) => flow.setPassword(event.currentTarget.value)}
              error={flow.fieldError.password}
              autoFocus
              required
            />
          )}
          {onCredentials && !linkMode && (
            <Group justify="flex-end" mt={-8}>
              <Anchor component={Link} to="/forgot-password" state={{ email: flow.email }} size="sm">
                Forgot password?
              </Anchor>
            </Group>
          )}
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={flow.busy}
            leftSection={linkMode ? <IconMail size={18} /> : undefined}
          >
            {!onCredentials && !linkMode ? 'Next' : linkMode ? 'Send Email Link' : 'Login'}
          </Button>
          {!linkMode && (
            <Button variant="light" size="md" fullWidth onClick={flow.switchToLink} disabled={flow.busy}>
              Login By Email Link
            </Button>
          )}
          {linkMode && flow.passwordAllowed && (
            <Button variant="subtle" fullWidth onClick={flow.switchToPassword} disabled={flow.busy}>
              Want to use a password?
            </Button>
          )}
        </Stack>
      </form>
      <OidcSignInButtons redirect={redirect} />
      <Text size="sm" ta="center" c="dimmed">
        New here?{' '}
        <Anchor
          component={Link}
          to={redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'}
          state={{ email: flow.email }}
        >
          Create an account
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
